# ruff: noqa  (a probe is written as users write models)
from typing import Union

import torch
import torch.nn as nn
from torch import Tensor


def apply_gain(x: Tensor, gain: Union[float, Tensor]) -> Tensor:
    if isinstance(gain, int | float):
        return x * float(gain)
    return x * gain.view(1, -1)


class GainStage(nn.Module):
    """Audio gain stage: a fixed float gain or a learned per-channel one."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.proj = nn.Linear(channels, channels)
        self.gain = nn.Parameter(torch.linspace(0.5, 1.5, channels))

    def forward(self, x: Tensor) -> Tensor:
        y = apply_gain(self.proj(x), 0.8)
        return apply_gain(y, self.gain)


Model = GainStage


def inputs():
    torch.manual_seed(3004)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
