# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class ccbn(nn.Module):
    """Class-conditional batchnorm: gains and biases come from a linear map of the shared embedding."""

    def __init__(self, output_size, input_size, which_linear, eps=1e-5, momentum=0.1):
        super().__init__()
        self.output_size = output_size
        self.gain = which_linear(input_size, output_size)
        self.bias = which_linear(input_size, output_size)
        self.eps = eps
        self.momentum = momentum
        self.register_buffer("stored_mean", torch.zeros(output_size))
        self.register_buffer("stored_var", torch.ones(output_size))

    def forward(self, x, y):
        gain = (1 + self.gain(y)).view(y.size(0), -1, 1, 1)
        bias = self.bias(y).view(y.size(0), -1, 1, 1)
        out = F.batch_norm(x, self.stored_mean, self.stored_var, None, None, self.training, 0.1, self.eps)
        return out * gain + bias


class GBlock(nn.Module):
    def __init__(self, in_channels, out_channels, which_conv, which_bn, activation=None, upsample=None):
        super().__init__()
        self.conv1 = which_conv(in_channels, out_channels)
        self.conv2 = which_conv(out_channels, out_channels)
        self.learnable_sc = in_channels != out_channels or upsample is not None
        if self.learnable_sc:
            self.conv_sc = which_conv(in_channels, out_channels, kernel_size=1, padding=0)
        self.bn1 = which_bn(in_channels)
        self.bn2 = which_bn(out_channels)
        self.activation = activation
        self.upsample = upsample

    def forward(self, x, y):
        h = self.activation(self.bn1(x, y))
        if self.upsample:
            h = self.upsample(h)
            x = self.upsample(x)
        h = self.conv1(h)
        h = self.conv2(self.activation(self.bn2(h, y)))
        if self.learnable_sc:
            x = self.conv_sc(x)
        return h + x


class Generator(nn.Module):
    def __init__(self, dim_z=8, shared_dim=8, n_classes=5, ch=8, bottom_width=4):
        super().__init__()
        self.bottom_width = bottom_width
        self.ch = ch
        which_conv = functools.partial(nn.Conv2d, kernel_size=3, padding=1)
        which_bn = functools.partial(ccbn, which_linear=functools.partial(nn.Linear, bias=False), input_size=shared_dim + dim_z)
        self.shared = nn.Embedding(n_classes, shared_dim)
        self.linear = nn.Linear(dim_z, ch * 2 * bottom_width**2)
        self.blocks = nn.ModuleList([
            GBlock(ch * 2, ch, which_conv, which_bn, nn.ReLU(inplace=False), functools.partial(F.interpolate, scale_factor=2)),
            GBlock(ch, ch, which_conv, which_bn, nn.ReLU(inplace=False), None),
        ])
        self.output_layer = nn.Sequential(nn.BatchNorm2d(ch), nn.ReLU(), which_conv(ch, 3))

    def forward(self, z, y):
        ys = torch.cat([z, self.shared(y)], dim=1)
        h = self.linear(z).view(z.size(0), -1, self.bottom_width, self.bottom_width)
        for block in self.blocks:
            h = block(h, ys)
        return torch.tanh(self.output_layer(h))


Model = Generator


def inputs():
    torch.manual_seed(4720)
    return [(torch.randn(2, 8), torch.tensor([0, 3])), (torch.randn(3, 8), torch.tensor([4, 1, 2]))]
