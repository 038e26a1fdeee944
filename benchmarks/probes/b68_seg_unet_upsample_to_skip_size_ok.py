# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn_relu(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class UpBlock(nn.Module):
    """Decoder stage: bring the coarse map to the skip's resolution, then fuse."""

    def __init__(self, cin: int, cskip: int, cout: int):
        super().__init__()
        self.reduce = nn.Conv2d(cin, cout, 1)
        self.fuse = conv_bn_relu(cout + cskip, cout)

    def forward(self, x: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        x = F.interpolate(self.reduce(x), size=skip.shape[-2:], mode="bilinear", align_corners=False)
        return self.fuse(torch.cat([x, skip], dim=1))


class Model(nn.Module):
    """Small U-Net style segmenter; odd input sizes make the pooled maps round down, so every
    decoder stage resizes to the skip tensor it is fused with."""

    def __init__(self, n_classes: int = 3):
        super().__init__()
        self.enc1 = conv_bn_relu(3, 8)
        self.enc2 = conv_bn_relu(8, 16)
        self.bottleneck = conv_bn_relu(16, 32)
        self.up2 = UpBlock(32, 16, 16)
        self.up1 = UpBlock(16, 8, 8)
        self.classifier = nn.Conv2d(8, n_classes, 1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        s1 = self.enc1(img)
        s2 = self.enc2(F.max_pool2d(s1, 2))
        b = self.bottleneck(F.max_pool2d(s2, 2))
        x = self.up2(b, s2)
        x = self.up1(x, s1)
        return self.classifier(x)


def inputs():
    torch.manual_seed(6801)
    return [(torch.randn(2, 3, 33, 29),), (torch.randn(1, 3, 40, 26),)]
