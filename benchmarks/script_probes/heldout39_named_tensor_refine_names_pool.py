# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class NamedPool(nn.Module):
    """Pools over time using named dimensions for readability."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        x = self.fc(x).refine_names("N", "T", "C")
        return x.mean("T").rename(None)


Model = NamedPool


def inputs():
    torch.manual_seed(3911)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
