# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GatedUnit(nn.Module):
    """Gated linear unit whose gate activation is a staticmethod-wrapped class attribute."""

    gate_fn = staticmethod(torch.sigmoid)

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * dim)

    def forward(self, x: Tensor) -> Tensor:
        value, gate = self.proj(x).chunk(2, dim=-1)
        return value * self.gate_fn(gate)


Model = GatedUnit


def inputs():
    torch.manual_seed(4120)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
