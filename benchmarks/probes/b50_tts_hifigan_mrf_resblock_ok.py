# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

LRELU_SLOPE = 0.1


def get_padding(kernel_size: int, dilation: int = 1) -> int:
    return int((kernel_size * dilation - dilation) / 2)


@dataclass
class HiFiConfig:
    num_mels: int = 8
    upsample_initial_channel: int = 32
    upsample_rates: Tuple[int, ...] = (4, 2)
    upsample_kernel_sizes: Tuple[int, ...] = (8, 4)
    resblock_kernel_sizes: Tuple[int, ...] = (3, 5)
    resblock_dilation_sizes: Tuple[Tuple[int, ...], ...] = ((1, 3), (1, 3))


class ResBlock(nn.Module):
    def __init__(self, channels: int, kernel_size: int = 3, dilation=(1, 3)):
        super().__init__()
        self.convs1 = nn.ModuleList(nn.Conv1d(channels, channels, kernel_size, 1, dilation=d, padding=get_padding(kernel_size, d)) for d in dilation)
        self.lrelu_slope = LRELU_SLOPE
        self.convs2 = nn.ModuleList(nn.Conv1d(channels, channels, kernel_size, 1, dilation=1, padding=get_padding(kernel_size, 1)) for _ in dilation)

    def forward(self, x):
        for c1, c2 in zip(self.convs1, self.convs2):
            xt = F.leaky_relu(x, self.lrelu_slope)
            xt = c1(xt)
            xt = F.leaky_relu(xt, self.lrelu_slope)
            xt = c2(xt)
            x = xt + x
        return x


class MRF(nn.Module):
    """Multi-receptive-field fusion: the mean of parallel residual blocks."""

    def __init__(self, channels: int, kernel_sizes, dilations):
        super().__init__()
        self.blocks = nn.ModuleList(ResBlock(channels, k, d) for k, d in zip(kernel_sizes, dilations))

    def forward(self, x):
        xs = torch.zeros_like(x)
        for block in self.blocks:
            xs = xs + block(x)
        return xs / len(self.blocks)


class Generator(nn.Module):
    def __init__(self, h: HiFiConfig = HiFiConfig()):
        super().__init__()
        self.num_kernels = len(h.resblock_kernel_sizes)
        self.num_upsamples = len(h.upsample_rates)
        self.lrelu_slope = LRELU_SLOPE
        self.conv_pre = nn.Conv1d(h.num_mels, h.upsample_initial_channel, 7, 1, padding=3)
        self.ups = nn.ModuleList()
        for i, (u, k) in enumerate(zip(h.upsample_rates, h.upsample_kernel_sizes)):
            ch_in = h.upsample_initial_channel // (2**i)
            self.ups.append(nn.ConvTranspose1d(ch_in, ch_in // 2, k, u, padding=(k - u) // 2))
        self.mrfs = nn.ModuleList()
        for i in range(len(self.ups)):
            ch = h.upsample_initial_channel // (2 ** (i + 1))
            self.mrfs.append(MRF(ch, h.resblock_kernel_sizes, h.resblock_dilation_sizes))
        self.conv_post = nn.Conv1d(ch, 1, 7, 1, padding=3)

    def forward(self, x):
        x = self.conv_pre(x)
        for up, mrf in zip(self.ups, self.mrfs):
            x = F.leaky_relu(x, self.lrelu_slope)
            x = mrf(up(x))
        x = F.leaky_relu(x)
        x = self.conv_post(x)
        return torch.tanh(x)


Model = Generator


def inputs():
    torch.manual_seed(5007)
    return [
        (torch.randn(1, 8, 10),),
        (torch.randn(2, 8, 7),),
    ]
