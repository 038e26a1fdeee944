# ruff: noqa  (a probe is written as users write models)
from typing import Sequence

import torch
import torch.nn as nn
from torch import Tensor


class MaskedPool(nn.Module):
    """Mean over the given axes of a (batch, time, freq, ch) feature map."""

    def __init__(self, dims: Sequence[int] = (1, 2)):
        super().__init__()
        self.dims = list(dims)

    def pool(self, x: Tensor, dims: Sequence[int]) -> Tensor:
        for d in dims:
            x = x.mean(d, keepdim=True)
        return x.flatten(1)

    def forward(self, x: Tensor) -> Tensor:
        return self.pool(x, self.dims)


class AudioHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MaskedPool()
        self.fc = nn.Linear(3, 2)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(self.pool(x))


Model = AudioHead


def inputs():
    torch.manual_seed(3209)
    return [(torch.randn(2, 5, 4, 3),), (torch.randn(1, 7, 2, 3),)]
