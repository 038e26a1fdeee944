# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ScaledAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.temperature = 1.0

    def attend(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)) / self.temperature
        return attn.softmax(-1) @ v

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        old = self.temperature
        self.temperature = float(x.shape[-1]) ** 0.5
        try:
            out = self.attend(x)
        finally:
            self.temperature = old
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = ScaledAttention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(1, 3, 8),), (torch.randn(2, 5, 8),)]
