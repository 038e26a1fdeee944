import torch
from torch import nn


class WarmupGatedAdapter(nn.Module):
    def __init__(self, dim: int = 12, warmup: int = 2):
        super().__init__()
        self.base = nn.Linear(dim, dim)
        self.adapter = nn.Sequential(nn.Linear(dim, 4), nn.GELU(), nn.Linear(4, dim))
        self.warmup = warmup
        self.register_buffer("seen", torch.zeros((), dtype=torch.long))

    @property
    def warmed_up(self) -> bool:
        return self.seen >= self.warmup

    def forward(self, x):
        self.seen += 1
        h = self.base(x)
        if self.warmed_up:
            h = h + self.adapter(h)
        return h


Model = WarmupGatedAdapter


def inputs():
    torch.manual_seed(3401)
    return [(torch.randn(2, 12),), (torch.randn(4, 12),), (torch.randn(3, 12),)]
