import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 16), nn.GELU(), nn.Linear(16, dim))
        self.head = nn.Linear(dim, 3)
        self.stats = {}

    def forward(self, x):
        z = self.encoder(x)
        self.stats["feat_norm"] = z.norm(dim=-1).mean().item()  # breaks: compile
        self.stats["feat_max"] = z.abs().max().item()  # breaks: compile
        return self.head(z)


def inputs():
    return [(torch.randn(4, 8),), (torch.randn(2, 8),)]
