# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class UpBlock(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, 3, padding=1)

    def forward(self, x: Tensor, skip: Tensor) -> Tensor:
        return torch.relu(self.conv(x + skip))


class TinyUNet1d(nn.Module):
    """Encoder blocks are built shallow-to-deep; the decoder walks them back deep-to-shallow."""

    def __init__(self, ch: int = 4, depth: int = 3):
        super().__init__()
        self.down = nn.ModuleList([nn.Conv1d(ch, ch, 3, padding=1) for _ in range(depth)])
        self.up = nn.ModuleList([UpBlock(ch) for _ in range(depth)])

    def decode(self, x: Tensor, skips: List[Tensor]) -> Tensor:
        i = len(skips) - 1
        for block in reversed(self.up):
            x = block(x, skips[i])
            i -= 1
        return x

    def forward(self, x: Tensor) -> Tensor:
        skips: List[Tensor] = []
        for conv in self.down:
            x = torch.relu(conv(x))
            skips.append(x)
        return self.decode(x, skips)


Model = TinyUNet1d


def inputs():
    torch.manual_seed(3204)
    return [(torch.randn(2, 4, 9),), (torch.randn(1, 4, 5),)]
