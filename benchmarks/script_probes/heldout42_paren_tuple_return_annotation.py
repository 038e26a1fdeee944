# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GatedUnit(nn.Module):
    """GLU-style unit that returns both the gated output and the gate, annotated the old tuple-literal way."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * dim)

    def forward(self, x: Tensor) -> (Tensor, Tensor):
        a, b = self.proj(x).chunk(2, dim=-1)
        gate = torch.sigmoid(b)
        return a * gate, gate


Model = GatedUnit


def inputs():
    torch.manual_seed(4220)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
