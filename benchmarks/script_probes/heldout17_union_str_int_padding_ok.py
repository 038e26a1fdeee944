# ruff: noqa  (a probe is written as users write models)
from typing import Union

import torch
import torch.nn as nn
import torch.nn.functional as F


class PadConv(nn.Module):
    def __init__(self, padding: Union[str, int] = "same"):
        super().__init__()
        self.padding = padding
        self.weight = nn.Parameter(torch.randn(4, 3, 3, 3) * 0.1)

    def forward(self, x):
        pad = self.padding
        if isinstance(pad, str):
            return F.conv2d(x, self.weight, padding=1)
        return F.conv2d(x, self.weight, padding=pad)


Model = PadConv


def inputs():
    torch.manual_seed(36)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 6),)]
