# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Optional

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _reduce(self, x: torch.Tensor, dims: Optional[List[int]] = None) -> torch.Tensor:
        if dims:
            return x.mean(dims)
        return x

    def forward(self, x):
        return self._reduce(self.fc(x), [1])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
