# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class WindowPartition(nn.Module):
    """Swin-style window split: pads the sequence to whole windows, count from divmod."""

    def __init__(self, window: int = 4):
        super().__init__()
        self.window = window

    def grid(self, length: int) -> int:
        full, rest = divmod(length, self.window)
        return full + (1 if rest > 0 else 0)

    def forward(self, x: Tensor) -> Tensor:
        n = self.grid(x.size(1))
        x = F.pad(x, (0, 0, 0, n * self.window - x.size(1)))
        return x.view(x.size(0), n, self.window, x.size(-1)).mean(2)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(3, 5)
        self.windows = WindowPartition(4)

    def forward(self, x: Tensor) -> Tensor:
        return self.windows(self.embed(x))


Model = Encoder


def inputs():
    torch.manual_seed(3214)
    return [(torch.randn(2, 10, 3),), (torch.randn(1, 8, 3),)]
