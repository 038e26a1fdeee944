# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class WindowPad(nn.Module):
    """Pads H and W up to a multiple of the window size before window attention."""

    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = x.shape[-2:]
        pad_h = math.ceil(h / self.window) * self.window - h  # breaks: trace
        pad_w = math.ceil(w / self.window) * self.window - w
        return F.pad(x, (0, pad_w, 0, pad_h))


class Model(nn.Module):
    def __init__(self, window: int = 8):
        super().__init__()
        self.pad = WindowPad(window)
        self.conv = nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(self.pad(x))


def inputs():
    torch.manual_seed(6302)
    return [(torch.randn(1, 4, 13, 21),), (torch.randn(2, 4, 30, 9),)]
