# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import vmap


def _sample_norm(x):
    return (x - x.mean()) / (x.std() + 1e-5)


class Model(nn.Module):
    """Per-example normalisation written once for a single sample and vectorised with vmap."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.lin = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(vmap(_sample_norm)(x))  # breaks: trace,script


def inputs():
    torch.manual_seed(6518)
    return [(torch.randn(3, 4, 6),), (torch.randn(2, 5, 6),)]
