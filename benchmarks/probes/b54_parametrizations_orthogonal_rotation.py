# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils import parametrizations


class OrthogonalMixer(nn.Module):
    """Normalizing flow style: a learned rotation kept orthogonal by torch's orthogonal parametrization."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.rot = parametrizations.orthogonal(nn.Linear(d, d, bias=False))
        self.out = nn.Linear(d, d)

    def forward(self, x):
        z = self.rot(x)
        return self.out(torch.tanh(z)) + z


Model = OrthogonalMixer


def inputs():
    torch.manual_seed(5405)
    return [(torch.randn(4, 6),), (torch.randn(2, 3, 6),)]
