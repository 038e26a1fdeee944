# ruff: noqa  (a probe is written as users write models)
from typing import List, Sequence

import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn_relu(cin: int, cout: int, k: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class PyramidPoolingModule(nn.Module):
    def __init__(self, in_channels: int, bins: Sequence[int] = (1, 2, 3, 6), align_corners: bool = False):
        super().__init__()
        reduction = in_channels // len(bins)
        self.align_corners = align_corners
        self.stages = nn.ModuleList(
            nn.Sequential(nn.AdaptiveAvgPool2d(b), conv_bn_relu(in_channels, reduction)) for b in bins
        )
        self.out_channels = in_channels + reduction * len(bins)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        size = x.shape[-2:]
        outs: List[torch.Tensor] = [x]
        for stage in self.stages:
            y = stage(x)
            outs.append(F.interpolate(y, size=size, mode="bilinear", align_corners=self.align_corners))
        return torch.cat(outs, dim=1)


class PSPHead(nn.Module):
    def __init__(self, in_channels: int = 16, num_classes: int = 6, dropout: float = 0.1):
        super().__init__()
        self.backbone = nn.Sequential(conv_bn_relu(3, in_channels // 2, 3), nn.MaxPool2d(2), conv_bn_relu(in_channels // 2, in_channels, 3))
        self.ppm = PyramidPoolingModule(in_channels)
        self.bottleneck = conv_bn_relu(self.ppm.out_channels, in_channels, 3)
        self.drop = nn.Dropout2d(dropout)
        self.cls = nn.Conv2d(in_channels, num_classes, 1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        feats = self.backbone(img)
        x = self.bottleneck(self.ppm(feats))
        logits = self.cls(self.drop(x))
        return F.interpolate(logits, size=img.shape[2:], mode="bilinear", align_corners=False)


Model = PSPHead


def inputs():
    torch.manual_seed(4104)
    return [(torch.randn(1, 3, 24, 24),), (torch.randn(2, 3, 36, 28),)]
