# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ShiftedWindowMixer(nn.Module):
    """Swin-style block: cyclic shift, per-window token mixing, reverse shift."""

    def __init__(self, dim: int = 4, window: int = 2, shift: int = 1):
        super().__init__()
        self.window = window
        self.shift = shift
        self.mix = nn.Linear(window * window, window * window)

    def forward(self, x: Tensor) -> Tensor:
        b, h, w, c = x.shape
        ws = self.window
        if self.shift > 0:
            x = torch.roll(x, shifts=(-self.shift, -self.shift), dims=(1, 2))
        win = x.view(b, h // ws, ws, w // ws, ws, c).permute(0, 1, 3, 5, 2, 4).reshape(-1, ws * ws)
        win = self.mix(win).view(b, h // ws, w // ws, c, ws, ws).permute(0, 1, 4, 2, 5, 3)
        x = win.reshape(b, h, w, c)
        if self.shift > 0:
            x = torch.roll(x, shifts=(self.shift, self.shift), dims=(1, 2))
        return x


Model = ShiftedWindowMixer


def inputs():
    torch.manual_seed(3650)
    return [(torch.randn(2, 4, 6, 4),), (torch.randn(1, 6, 4, 4),)]
