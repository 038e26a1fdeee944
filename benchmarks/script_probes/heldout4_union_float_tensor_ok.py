# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Union

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _scale(self, x: torch.Tensor, s: Union[float, torch.Tensor]) -> torch.Tensor:
        if isinstance(s, float):
            return x * s
        return x * s.unsqueeze(-1)

    def forward(self, x):
        y = self.fc(x)
        return self._scale(y, 0.5) + self._scale(y, y.mean(-1))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
