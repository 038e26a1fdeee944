# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.script
def bias_gelu(bias: Tensor, y: Tensor) -> Tensor:
    x = bias + y
    return x * 0.5 * (1.0 + torch.tanh(0.79788456 * x * (1 + 0.044715 * x * x)))


class FusedMlp(nn.Module):
    """Megatron-style MLP whose bias add + GeLU is a free function compiled with torch.jit.script."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * 4, bias=False)
        self.bias = nn.Parameter(torch.zeros(dim * 4))
        self.fc2 = nn.Linear(dim * 4, dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc2(bias_gelu(self.bias, self.fc1(x)))


Model = FusedMlp


def inputs():
    torch.manual_seed(3513)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
