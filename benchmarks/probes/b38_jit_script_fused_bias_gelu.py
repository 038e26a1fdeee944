# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


@torch.jit.script
def bias_gelu(bias, y):
    x = bias + y
    return x * 0.5 * (1.0 + torch.tanh(0.79788456 * x * (1 + 0.044715 * x * x)))


class FusedBiasGeluMLP(nn.Module):
    """Transformer MLP whose bias + GeLU is fused by a TorchScript helper (Megatron style)."""

    def __init__(self, dim=8, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden, bias=False)
        self.fc1_bias = nn.Parameter(torch.linspace(-0.5, 0.5, hidden))
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        h = bias_gelu(self.fc1_bias, self.fc1(x))
        return self.fc2(h)


Model = FusedBiasGeluMLP


def inputs():
    torch.manual_seed(3801)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
