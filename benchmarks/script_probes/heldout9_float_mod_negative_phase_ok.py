# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math
import torch
from torch import nn


class RotaryPhase(nn.Module):
    def __init__(self, dim: int = 4, offset: float = -1.25):
        super().__init__()
        self.offset = offset
        self.fc = nn.Linear(dim, dim)

    def wrap(self, angle: float) -> float:
        return angle % -math.pi

    def forward(self, x: torch.Tensor, step: float) -> torch.Tensor:
        phase = self.wrap(step + self.offset)
        return self.fc(x) * math.cos(phase) + x * math.sin(phase)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rot = RotaryPhase()

    def forward(self, x, step: float):
        return self.rot(x, step)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), 3.0), (torch.randn(3, 4), 0.5)]
