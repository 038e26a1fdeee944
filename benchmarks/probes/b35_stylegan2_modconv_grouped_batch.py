import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class EqualLinear(nn.Module):
    def __init__(self, in_dim, out_dim, bias_init=0.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_dim, in_dim))
        self.bias = nn.Parameter(torch.full((out_dim,), bias_init))
        self.scale = 1 / math.sqrt(in_dim)

    def forward(self, x):
        return F.linear(x, self.weight * self.scale, self.bias)


class ModulatedConv2d(nn.Module):
    def __init__(self, in_ch, out_ch, kernel_size, style_dim, demodulate=True):
        super().__init__()
        self.out_ch, self.kernel_size, self.padding = out_ch, kernel_size, kernel_size // 2
        self.scale = 1 / math.sqrt(in_ch * kernel_size ** 2)
        self.weight = nn.Parameter(torch.randn(1, out_ch, in_ch, kernel_size, kernel_size))
        self.modulation = EqualLinear(style_dim, in_ch, bias_init=1.0)
        self.demodulate = demodulate

    def forward(self, x, style):
        batch, in_ch, h, w = x.shape
        style = self.modulation(style).view(batch, 1, in_ch, 1, 1)
        weight = self.scale * self.weight * style
        if self.demodulate:
            demod = torch.rsqrt(weight.pow(2).sum([2, 3, 4]) + 1e-8)
            weight = weight * demod.view(batch, self.out_ch, 1, 1, 1)
        weight = weight.view(batch * self.out_ch, in_ch, self.kernel_size, self.kernel_size)
        out = F.conv2d(x.reshape(1, batch * in_ch, h, w), weight, padding=self.padding, groups=batch)
        return out.view(batch, self.out_ch, out.shape[-2], out.shape[-1])


class StyledConv(nn.Module):
    def __init__(self, in_ch=8, out_ch=8, style_dim=16):
        super().__init__()
        self.conv = ModulatedConv2d(in_ch, out_ch, 3, style_dim)
        self.bias = nn.Parameter(torch.zeros(1, out_ch, 1, 1))
        self.to_rgb = ModulatedConv2d(out_ch, 3, 1, style_dim, demodulate=False)

    def forward(self, x, w):
        x = F.leaky_relu(self.conv(x, w) + self.bias, 0.2) * math.sqrt(2)
        return x, self.to_rgb(x, w)


Model = StyledConv


def inputs():
    torch.manual_seed(3518)
    return [(torch.randn(2, 8, 8, 8), torch.randn(2, 16)), (torch.randn(3, 8, 8, 8), torch.randn(3, 16))]
