# ruff: noqa  (a probe is written as users write models)
import numbers

import torch
import torch.nn as nn


class Model(nn.Module):
    """Audio enhancement block whose output gain may be configured as a plain number or as a
    per-channel tensor; forward checks which with isinstance(..., numbers.Number)."""

    def __init__(self, c: int = 4):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 5, padding=2)
        self.gain = 0.5

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.tanh(self.conv(x))
        if isinstance(self.gain, numbers.Number):
            y = y * float(self.gain)
        else:
            y = y * self.gain.view(1, -1, 1)
        return x + y


def inputs():
    torch.manual_seed(5910)
    return [(torch.randn(2, 4, 30),), (torch.randn(1, 4, 17),)]
