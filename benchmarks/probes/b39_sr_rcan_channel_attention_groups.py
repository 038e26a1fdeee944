# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def default_conv(in_channels, out_channels, kernel_size, bias=True):
    return nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2, bias=bias)


class MeanShift(nn.Conv2d):
    def __init__(self, rgb_range, rgb_mean=(0.4488, 0.4371, 0.4040), sign=-1):
        super().__init__(3, 3, kernel_size=1)
        self.weight.data = torch.eye(3).view(3, 3, 1, 1)
        self.bias.data = sign * rgb_range * torch.tensor(rgb_mean)
        for p in self.parameters():
            p.requires_grad = False


class CALayer(nn.Module):
    def __init__(self, channel, reduction=4):
        super().__init__()
        self.avg_pool = nn.AdaptiveAvgPool2d(1)
        self.conv_du = nn.Sequential(nn.Conv2d(channel, channel // reduction, 1), nn.ReLU(inplace=True), nn.Conv2d(channel // reduction, channel, 1), nn.Sigmoid())

    def forward(self, x):
        return x * self.conv_du(self.avg_pool(x))


class RCAB(nn.Module):
    def __init__(self, conv, n_feat, kernel_size, reduction, res_scale=1.0):
        super().__init__()
        self.body = nn.Sequential(conv(n_feat, n_feat, kernel_size), nn.ReLU(True), conv(n_feat, n_feat, kernel_size), CALayer(n_feat, reduction))
        self.res_scale = res_scale

    def forward(self, x):
        return self.body(x).mul(self.res_scale) + x


class ResidualGroup(nn.Module):
    def __init__(self, conv, n_feat, kernel_size, reduction, n_resblocks):
        super().__init__()
        body = [RCAB(conv, n_feat, kernel_size, reduction) for _ in range(n_resblocks)]
        body.append(conv(n_feat, n_feat, kernel_size))
        self.body = nn.Sequential(*body)

    def forward(self, x):
        return self.body(x) + x


class Upsampler(nn.Sequential):
    def __init__(self, conv, scale, n_feat):
        m = []
        if (scale & (scale - 1)) == 0:
            for _ in range(int(math.log(scale, 2))):
                m += [conv(n_feat, 4 * n_feat, 3), nn.PixelShuffle(2)]
        elif scale == 3:
            m += [conv(n_feat, 9 * n_feat, 3), nn.PixelShuffle(3)]
        else:
            raise NotImplementedError(scale)
        super().__init__(*m)


class RCAN(nn.Module):
    def __init__(self, n_resgroups=2, n_resblocks=2, n_feats=8, reduction=4, scale=2, rgb_range=1.0, conv=default_conv):
        super().__init__()
        self.sub_mean = MeanShift(rgb_range)
        self.head = nn.Sequential(conv(3, n_feats, 3))
        body = [ResidualGroup(conv, n_feats, 3, reduction, n_resblocks) for _ in range(n_resgroups)]
        body.append(conv(n_feats, n_feats, 3))
        self.body = nn.Sequential(*body)
        self.tail = nn.Sequential(Upsampler(conv, scale, n_feats), conv(n_feats, 3, 3))
        self.add_mean = MeanShift(rgb_range, sign=1)

    def forward(self, x):
        x = self.head(self.sub_mean(x))
        res = self.body(x) + x
        return self.add_mean(self.tail(res))


Model = RCAN


def inputs():
    torch.manual_seed(3926)
    return [(torch.rand(1, 3, 8, 8),), (torch.rand(2, 3, 6, 10),)]
