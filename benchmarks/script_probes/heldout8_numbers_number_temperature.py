# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import numbers
from typing import Union

import torch
from torch import nn


class TemperatureScaling(nn.Module):
    def __init__(self, default: float = 1.5):
        super().__init__()
        self.default = default

    def _as_scale(self, t: Union[float, torch.Tensor], ref: torch.Tensor) -> torch.Tensor:
        if isinstance(t, numbers.Number):
            return torch.full((ref.shape[0], 1), float(t))
        return torch.full((ref.shape[0], 1), self.default)

    def forward(self, logits: torch.Tensor, temperature: Union[float, torch.Tensor]) -> torch.Tensor:
        return (logits / self._as_scale(temperature, logits)).softmax(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 5)
        self.calib = TemperatureScaling()

    def forward(self, x, temperature: float = 2.0):
        return self.calib(self.fc(x), temperature)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8), 2.0), (torch.randn(3, 8), 0.5)]
