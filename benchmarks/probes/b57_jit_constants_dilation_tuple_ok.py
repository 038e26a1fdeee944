# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SharedKernelDilatedStack(nn.Module):
    """Audio: a WaveNet-style stack that reuses one causal kernel at several dilations; the
    dilation list is declared in __constants__ and looped over in forward."""

    __constants__ = ["dilations"]

    def __init__(self, channels: int = 8):
        super().__init__()
        self.dilations = [1, 2, 4, 8]
        self.kernel = nn.Parameter(torch.randn(channels, channels, 2) * 0.1)
        self.out = nn.Conv1d(channels, 1, 1)

    def forward(self, x):
        for d in self.dilations:
            h = F.conv1d(F.pad(x, [d, 0]), self.kernel, dilation=d)
            x = x + torch.tanh(h)
        return self.out(x)


Model = SharedKernelDilatedStack


def inputs():
    torch.manual_seed(5708)
    return [(torch.randn(2, 8, 20),), (torch.randn(1, 8, 33),)]
