# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class DilatedCausalConv(nn.Module):
    """WaveNet-style layer: left pad is `causal and (k - 1) * dilation`, 0 when not causal."""

    def __init__(self, channels: int = 4, kernel_size: int = 3, dilation: int = 2):
        super().__init__()
        self.causal = True
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.conv = nn.Conv1d(channels, channels, kernel_size, dilation=dilation)

    def forward(self, x: Tensor) -> Tensor:
        pad = self.causal and (self.kernel_size - 1) * self.dilation
        y = F.pad(x, [pad, 0])
        return x + torch.tanh(self.conv(y))


Model = DilatedCausalConv


def inputs():
    torch.manual_seed(2907)
    return [(torch.randn(2, 4, 12),), (torch.randn(1, 4, 7),)]
