import torch
from torch import nn


def sign_bits(x):
    bits = x.contiguous().view(torch.int32)  # breaks: trace
    return (bits < 0).to(x.dtype)


class Model(nn.Module):
    """Binary-hash head: emits the sign bit of each projected feature."""

    def __init__(self, dim=8, code=6):
        super().__init__()
        self.proj = nn.Linear(dim, code)

    def forward(self, x):
        z = self.proj(x)
        return sign_bits(z), z


def inputs():
    torch.manual_seed(36)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
