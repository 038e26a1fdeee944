# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class ScaleBank(nn.Module):
    def __init__(self, levels: int = 3):
        super().__init__()
        self.levels = levels
        self.convs = nn.ModuleList([nn.Conv2d(2, 2, 1) for _ in range(levels)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.zeros_like(x)
        for i, conv in enumerate(self.convs):
            k = pow(2, i)
            y = F.avg_pool2d(x, k) if k > 1 else x
            out = out + F.interpolate(conv(y), size=x.shape[-2:], mode="nearest")
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.bank = ScaleBank()

    def forward(self, x):
        return self.bank(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 16, 16),)]
