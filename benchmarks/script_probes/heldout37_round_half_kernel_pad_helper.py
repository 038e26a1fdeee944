# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def same_padding(kernel: int, dilation: int) -> int:
    return round((kernel - 1) * dilation / 2)


class DilatedStack(nn.Module):
    """Dilated 1-d convolutions with explicit 'same' padding computed per layer."""

    def __init__(self, channels: int = 4, kernel: int = 3):
        super().__init__()
        self.kernel = kernel
        self.dilations = [1, 2, 4]
        self.convs = nn.ModuleList(
            [nn.Conv1d(channels, channels, kernel, dilation=d) for d in self.dilations]
        )

    def forward(self, x: Tensor) -> Tensor:
        for i, conv in enumerate(self.convs):
            pad = same_padding(self.kernel, self.dilations[i])
            x = x + torch.tanh(conv(F.pad(x, [pad, pad])))
        return x


Model = DilatedStack


def inputs():
    torch.manual_seed(3718)
    return [(torch.randn(2, 4, 12),), (torch.randn(1, 4, 9),)]
