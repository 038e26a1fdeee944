"""`@torch.jit.ignore` helpers: one forward calls, with a body TorchScript cannot compile
(`**options`), and one nothing in the graph calls (timm's `no_weight_decay`)."""

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)
        self.head = nn.Linear(16, 4)

    @torch.jit.ignore
    def no_weight_decay(self):
        return {"proj.bias", "head.bias"}

    @torch.jit.ignore
    def scaled_stats(self, x, **options):
        scale = options.get("scale", 0.5)
        return x.mean(dim=-1, keepdim=True) * scale

    def forward(self, x):
        x = self.proj(x)
        x = x - self.scaled_stats(x)
        return self.head(x)


def inputs():
    return [(torch.randn(2, 16),), (torch.randn(5, 16),)]
