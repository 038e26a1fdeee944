# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


def window_partition_shape(shape: Tuple[int, int, int, int], win: int) -> Tuple[int, int]:
    b, c, h, w = shape
    return b * (h // win) * (w // win), c * win * win


class WindowTokens(nn.Module):
    """Swin-style window partition; the shape helper takes the NCHW shape as a 4-tuple."""

    def __init__(self, win: int = 2):
        super().__init__()
        self.win = win
        self.proj = nn.Linear(3 * win * win, 8)

    def forward(self, x: Tensor) -> Tensor:
        n, d = window_partition_shape(x.shape, self.win)
        b, c, h, w = x.shape
        x = x.view(b, c, h // self.win, self.win, w // self.win, self.win)
        x = x.permute(0, 2, 4, 1, 3, 5).reshape(n, d)
        return self.proj(x)


Model = WindowTokens


def inputs():
    torch.manual_seed(3008)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 8),)]
