# ruff: noqa  (a probe is written as users write models)
from typing import List, Sequence

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def center_crop_3d(enc: Tensor, target: Tensor) -> Tensor:
    d, h, w = enc.shape[2:]
    td, th, tw = target.shape[2:]
    sd, sh, sw = (d - td) // 2, (h - th) // 2, (w - tw) // 2
    return enc[:, :, sd : sd + td, sh : sh + th, sw : sw + tw]


class DoubleConv(nn.Sequential):
    def __init__(self, in_ch: int, out_ch: int, num_groups: int = 4):
        super().__init__(
            nn.GroupNorm(num_groups if in_ch % num_groups == 0 else 1, in_ch),
            nn.Conv3d(in_ch, out_ch, 3, padding=1, bias=False),
            nn.ReLU(inplace=True),
            nn.GroupNorm(num_groups, out_ch),
            nn.Conv3d(out_ch, out_ch, 3, padding=1, bias=False),
            nn.ReLU(inplace=True),
        )


class Decoder(nn.Module):
    def __init__(self, in_ch: int, out_ch: int):
        super().__init__()
        self.up = nn.ConvTranspose3d(in_ch, in_ch, 2, 2)
        self.conv = DoubleConv(in_ch + out_ch, out_ch)

    def forward(self, enc: Tensor, x: Tensor) -> Tensor:
        x = self.up(x)
        enc = center_crop_3d(enc, x)
        return self.conv(torch.cat([enc, x], dim=1))


class UNet3D(nn.Module):
    def __init__(self, in_channels: int = 1, out_channels: int = 2, f_maps: Sequence[int] = (4, 8), final_sigmoid: bool = False):
        super().__init__()
        self.encoders = nn.ModuleList()
        prev = in_channels
        for i, f in enumerate(f_maps):
            pool = nn.Identity() if i == 0 else nn.MaxPool3d(2)
            self.encoders.append(nn.Sequential(pool, DoubleConv(prev, f)))
            prev = f
        rev = list(reversed(f_maps))
        self.decoders = nn.ModuleList(Decoder(rev[i], rev[i + 1]) for i in range(len(rev) - 1))
        self.final_conv = nn.Conv3d(f_maps[0], out_channels, 1)
        self.final_activation = nn.Sigmoid() if final_sigmoid else nn.Softmax(dim=1)

    def forward(self, x: Tensor) -> Tensor:
        encoders_features: List[Tensor] = []
        for encoder in self.encoders:
            x = encoder(x)
            encoders_features.insert(0, x)
        encoders_features = encoders_features[1:]
        for i, decoder in enumerate(self.decoders):
            x = decoder(encoders_features[i], x)
        x = self.final_conv(x)
        if not self.training:
            x = self.final_activation(x)
        return x


Model = UNet3D


def inputs():
    torch.manual_seed(5032)
    return [
        (torch.randn(1, 1, 8, 8, 8),),
        (torch.randn(2, 1, 9, 12, 11),),
    ]
