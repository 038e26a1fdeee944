# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def center_crop_slices(src_hw, dst_hw):
    """Index that centre-crops a (.., H, W) map from src_hw down to dst_hw."""
    dh = (src_hw[0] - dst_hw[0]) // 2
    dw = (src_hw[1] - dst_hw[1]) // 2
    return (Ellipsis, slice(dh, dh + dst_hw[0]), slice(dw, dw + dst_hw[1]))


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

    def forward(self, x, skip):
        x = self.up(x)
        skip = skip[center_crop_slices(skip.shape[-2:], x.shape[-2:])]
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
    torch.manual_seed(5310)
    return [(torch.randn(1, 1, 44, 44),), (torch.randn(2, 1, 60, 52),)]
