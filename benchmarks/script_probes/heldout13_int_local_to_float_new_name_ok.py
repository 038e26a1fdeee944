# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AdaptiveDown(nn.Module):
    def __init__(self, ratio: float = 0.5):
        super().__init__()
        self.ratio = ratio

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        size = x.size(-1)
        target = float(size)
        if self.ratio != 1.0:
            target = size * self.ratio
        return F.adaptive_avg_pool1d(x, int(target))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = AdaptiveDown()

    def forward(self, x):
        return self.down(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 12),)]
