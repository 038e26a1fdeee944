# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def center_crop_like(skip: Tensor, ref: Tensor) -> Tensor:
    """Centre-crop a (.., H, W) skip map to the spatial size of ref."""
    h, w = ref.shape[-2], ref.shape[-1]
    dh = (skip.shape[-2] - h) // 2
    dw = (skip.shape[-1] - w) // 2
    return skip[:, :, dh:dh + h, dw:dw + w]


def double_conv(cin: int, cout: int) -> nn.Sequential:
    # valid (unpadded) convolutions, as in the original U-Net
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
    )


class Up(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cout, 2, stride=2)
        self.conv = double_conv(2 * cout, cout)

    def forward(self, x: Tensor, skip: Tensor) -> Tensor:
        x = self.up(x)
        skip = center_crop_like(skip, x)
        return self.conv(torch.cat([skip, x], dim=1))


class ValidUNet(nn.Module):
    def __init__(self, in_ch: int = 1, base: int = 4, n_classes: int = 2):
        super().__init__()
        self.enc1 = double_conv(in_ch, base)
        self.enc2 = double_conv(base, base * 2)
        self.bott = double_conv(base * 2, base * 4)
        self.up2 = Up(base * 4, base * 2)
        self.up1 = Up(base * 2, base)
        self.head = nn.Conv2d(base, n_classes, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        b = self.bott(F.max_pool2d(e2, 2))
        d2 = self.up2(b, e2)
        d1 = self.up1(d2, e1)
        return self.head(d1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = ValidUNet()

    def forward(self, image):
        return self.net(image).softmax(dim=1)


def inputs():
    torch.manual_seed(5311)
    return [(torch.randn(1, 1, 44, 44),), (torch.randn(2, 1, 60, 52),)]
