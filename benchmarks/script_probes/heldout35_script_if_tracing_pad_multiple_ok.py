# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@torch.jit.script_if_tracing
def pad_to_multiple(x: Tensor, multiple: int) -> Tensor:
    rem = x.shape[-1] % multiple
    if rem == 0:
        return x
    return F.pad(x, [0, multiple - rem])


class WindowedConv(nn.Module):
    """1-D encoder that pads the sequence to a multiple of its window before folding windows."""

    def __init__(self, channels: int = 4, window: int = 4):
        super().__init__()
        self.window = window
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        x = pad_to_multiple(self.conv(x), self.window)
        b, c, n = x.shape
        return x.reshape(b, c, n // self.window, self.window).mean(-1)


Model = WindowedConv


def inputs():
    torch.manual_seed(3514)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 4, 11),)]
