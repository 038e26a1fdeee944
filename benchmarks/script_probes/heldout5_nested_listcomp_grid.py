# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ys = [0, 1]
        self.xs = [0, 1]
        self.head = nn.Linear(4 * 4, 3)

    def forward(self, x):
        # x: (B, C, H, W) -> four quadrant means
        h2, w2 = x.shape[-2] // 2, x.shape[-1] // 2
        tiles: List[torch.Tensor] = [
            x[..., i * h2 : (i + 1) * h2, j * w2 : (j + 1) * w2].mean((-2, -1))
            for i in self.ys
            for j in self.xs
        ]
        return self.head(torch.cat(tiles, 1))


def inputs():
    return [(torch.randn(1, 4, 4, 4),), (torch.randn(2, 4, 6, 8),)]
