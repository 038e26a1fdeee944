# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class KronAdapterLinear(nn.Module):
    """Parameter-efficient fine-tuning: the weight update is a Kronecker product of two small factors."""

    def __init__(self, d: int = 12, a: int = 3, scale: float = 0.5):
        super().__init__()
        self.base = nn.Linear(d, d)
        self.A = nn.Parameter(torch.randn(a, a) * 0.1)
        self.B = nn.Parameter(torch.randn(d // a, d // a) * 0.1)
        self.scale = scale

    def forward(self, x: Tensor) -> Tensor:
        delta = torch.kron(self.A, self.B)
        return self.base(x) + self.scale * (x @ delta.T)


Model = KronAdapterLinear


def inputs():
    torch.manual_seed(5221)
    return [(torch.randn(2, 12),), (torch.randn(3, 4, 12),)]
