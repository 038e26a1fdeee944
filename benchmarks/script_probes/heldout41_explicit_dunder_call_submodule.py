# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PreNormMLP(nn.Module):
    """Pre-norm MLP block that invokes its sub-layers through __call__ explicitly."""

    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: Tensor) -> Tensor:
        h = self.norm.__call__(x)
        h = torch.nn.functional.gelu(self.fc1.__call__(h))
        return x + self.fc2.__call__(h)


Model = PreNormMLP


def inputs():
    torch.manual_seed(4116)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
