# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Final, List

import torch
import torch.nn as nn


class ASPPLite(nn.Module):
    dilations: Final[List[int]]

    def __init__(self, ch: int = 4, dilations=(1, 2, 3)):
        super().__init__()
        self.dilations = list(dilations)
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        outs: List[torch.Tensor] = []
        for d in self.dilations:
            outs.append(nn.functional.conv2d(x, self.conv.weight, self.conv.bias, padding=d, dilation=d))
        return torch.stack(outs, 0).sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.aspp = ASPPLite()

    def forward(self, x):
        return self.aspp(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 7, 7),), (torch.randn(2, 4, 5, 9),)]
