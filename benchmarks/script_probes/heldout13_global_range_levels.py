# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn
import torch.nn.functional as F

PYRAMID_LEVELS = range(1, 4)


class MultiScalePool(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.fc(x.mean((2, 3)))
        for level in PYRAMID_LEVELS:
            pooled = F.avg_pool2d(x, 2 ** level, ceil_mode=True)
            out = out + self.fc(pooled.mean((2, 3)))
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MultiScalePool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 16, 12),)]
