# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiScaleMaxPool(nn.Module):
    """Time series: pooling windows come from a spec string like "2-4-8" that forward splits
    and parses with int()."""

    def __init__(self, channels: int = 6, spec: str = "2-4-8"):
        super().__init__()
        self.spec = spec
        self.proj = nn.Linear(channels * 3, 4)

    def forward(self, x):
        pooled = []
        for k in self.spec.split("-"):
            pooled.append(F.max_pool1d(x, int(k), ceil_mode=True).mean(dim=-1))
        return self.proj(torch.cat(pooled, dim=-1))


Model = MultiScaleMaxPool


def inputs():
    torch.manual_seed(5720)
    return [(torch.randn(2, 6, 16),), (torch.randn(3, 6, 27),)]
