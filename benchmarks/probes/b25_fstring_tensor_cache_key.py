import torch
import torch.nn as nn


class LevelCachedProjector(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.cache = {}

    def forward(self, x):
        level = x.abs().mean().round()
        key = f"level={level}"
        if key not in self.cache:
            self.cache[key] = torch.sigmoid(level)
        return self.proj(x) * self.cache[key]


Model = LevelCachedProjector


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 6,), (torch.randn(4, 8) * 0.1,)]
