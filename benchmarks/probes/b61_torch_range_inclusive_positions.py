# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Older-style sinusoidal position code built with the deprecated end-inclusive torch.range."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.dim = dim
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        pos = torch.range(0, n - 1).unsqueeze(1)
        freq = torch.exp(torch.arange(0, self.dim, 2).float() * (-9.21 / self.dim))
        pe = torch.cat([torch.sin(pos * freq), torch.cos(pos * freq)], dim=-1)
        return self.proj(x + pe)


def inputs():
    torch.manual_seed(6110)
    return [(torch.randn(2, 10, 16),), (torch.randn(3, 23, 16),)]
