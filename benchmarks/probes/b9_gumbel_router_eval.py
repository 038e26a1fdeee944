import torch
import torch.nn.functional as F
from torch import nn


class GumbelSkipRouter(nn.Module):
    """Per-sample layer skipping: a hard Gumbel-softmax decision straight-through."""

    def __init__(self, dim: int = 8, tau: float = 1.0):
        super().__init__()
        self.tau = tau
        self.logits = nn.Linear(dim, 2)

    def forward(self, x):
        decision = F.gumbel_softmax(
            self.logits(x.mean(1)), tau=self.tau, hard=True
        )  # breaks: trace
        return decision[:, 1, None, None]


class GatedBlock(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.router = GumbelSkipRouter(dim)
        self.ffn = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.router(x) * self.ffn(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(GatedBlock() for _ in range(3))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def inputs():
    return [(torch.randn(4, 3, 8),), (torch.randn(4, 3, 8),)]
