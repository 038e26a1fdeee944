# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


def make_layer(block, n_layers):
    return nn.Sequential(*[block() for _ in range(n_layers)])


class ResidualDenseBlock5C(nn.Module):
    def __init__(self, nf=8, gc=4, bias=True):
        super().__init__()
        self.conv1 = nn.Conv2d(nf, gc, 3, 1, 1, bias=bias)
        self.conv2 = nn.Conv2d(nf + gc, gc, 3, 1, 1, bias=bias)
        self.conv3 = nn.Conv2d(nf + 2 * gc, gc, 3, 1, 1, bias=bias)
        self.conv4 = nn.Conv2d(nf + 3 * gc, gc, 3, 1, 1, bias=bias)
        self.conv5 = nn.Conv2d(nf + 4 * gc, nf, 3, 1, 1, bias=bias)
        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

    def forward(self, x):
        x1 = self.lrelu(self.conv1(x))
        x2 = self.lrelu(self.conv2(torch.cat((x, x1), 1)))
        x3 = self.lrelu(self.conv3(torch.cat((x, x1, x2), 1)))
        x4 = self.lrelu(self.conv4(torch.cat((x, x1, x2, x3), 1)))
        x5 = self.conv5(torch.cat((x, x1, x2, x3, x4), 1))
        return x5 * 0.2 + x


class RRDB(nn.Module):
    def __init__(self, nf, gc=4):
        super().__init__()
        self.rdb1 = ResidualDenseBlock5C(nf, gc)
        self.rdb2 = ResidualDenseBlock5C(nf, gc)
        self.rdb3 = ResidualDenseBlock5C(nf, gc)

    def forward(self, x):
        return self.rdb3(self.rdb2(self.rdb1(x))) * 0.2 + x


class RRDBNet(nn.Module):
    def __init__(self, in_nc=3, out_nc=3, nf=8, nb=2, gc=4, scale=4):
        super().__init__()
        block = functools.partial(RRDB, nf=nf, gc=gc)
        self.conv_first = nn.Conv2d(in_nc, nf, 3, 1, 1)
        self.RRDB_trunk = make_layer(block, nb)
        self.trunk_conv = nn.Conv2d(nf, nf, 3, 1, 1)
        self.n_up = int(scale).bit_length() - 1
        self.upconvs = nn.ModuleList(nn.Conv2d(nf, nf * 4, 3, 1, 1) for _ in range(self.n_up))
        self.pixel_shuffle = nn.PixelShuffle(2)
        self.HRconv = nn.Conv2d(nf, nf, 3, 1, 1)
        self.conv_last = nn.Conv2d(nf, out_nc, 3, 1, 1)
        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

    def forward(self, x):
        fea = self.conv_first(x)
        fea = fea + self.trunk_conv(self.RRDB_trunk(fea))
        for up in self.upconvs:
            fea = self.lrelu(self.pixel_shuffle(up(fea)))
        out = self.conv_last(self.lrelu(self.HRconv(fea)))
        base = F.interpolate(x, scale_factor=2 ** self.n_up, mode="bilinear", align_corners=False)
        return out + base


Model = RRDBNet


def inputs():
    torch.manual_seed(4329)
    return [(torch.rand(1, 3, 6, 8),), (torch.rand(2, 3, 5, 7),)]
