# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class InceptionLite(nn.Module):
    def __init__(self, c: int = 4):
        super().__init__()
        self.b1 = nn.Conv2d(c, 2, 1)
        self.b3 = nn.Conv2d(c, 2, 3, padding=1)

    def _branches(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        return self.b1(x), self.b3(x)

    def forward(self, x: Tensor) -> Tensor:
        return torch.cat(self._branches(x), dim=1)


Model = InceptionLite


def inputs():
    torch.manual_seed(2406)
    return [(torch.randn(1, 4, 5, 5),), (torch.randn(2, 4, 3, 6),)]
