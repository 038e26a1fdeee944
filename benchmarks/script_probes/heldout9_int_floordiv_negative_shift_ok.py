# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ShiftWindow(nn.Module):
    def __init__(self, window: int = 3):
        super().__init__()
        self.window = window
        self.mix = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shift = -(self.window // 2)
        back = -x.shape[1] // self.window
        y = torch.roll(x, shifts=shift, dims=1)
        return self.mix(y) * back


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = ShiftWindow()

    def forward(self, x):
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 7, 4),), (torch.randn(1, 5, 4),)]
