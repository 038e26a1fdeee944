# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn


class TokensToGrid(nn.Module):
    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        b, n, c = tokens.shape
        side = math.isqrt(n)
        return tokens.transpose(1, 2).reshape(b, c, side, side)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.to_grid = TokensToGrid()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, tokens):
        return self.conv(self.to_grid(tokens))


def inputs():
    return [(torch.randn(1, 16, 4),), (torch.randn(2, 9, 4),)]
