# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ShiftedWindowMixer(nn.Module):
    def __init__(self, dim: int = 4, shift: int = -3):
        super().__init__()
        self.shift = shift
        self.mix = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = x.shape[1], x.shape[2]
        sh = self.shift % h
        sw = -(-self.shift // 2) % w
        x = torch.roll(x, shifts=(sh, sw), dims=(1, 2))
        return self.mix(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mixers = nn.Sequential(ShiftedWindowMixer(shift=-3), ShiftedWindowMixer(shift=5))

    def forward(self, x):
        return self.mixers(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 4, 4),), (torch.randn(2, 5, 7, 4),)]
