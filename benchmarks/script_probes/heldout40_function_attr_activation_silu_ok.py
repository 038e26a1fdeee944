# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GatedMLP(nn.Module):
    """Gated MLP whose gate activation function is stored on the module."""

    def __init__(self, dim: int = 8, act=F.silu):
        super().__init__()
        self.w12 = nn.Linear(dim, 4 * dim)
        self.w3 = nn.Linear(2 * dim, dim)
        self.act = act

    def forward(self, x: Tensor) -> Tensor:
        a, b = self.w12(x).chunk(2, dim=-1)
        return self.w3(self.act(a) * b)


Model = GatedMLP


def inputs():
    torch.manual_seed(4042)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
