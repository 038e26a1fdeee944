# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvBNAct(nn.Sequential):
    def __init__(self, cin: int, cout: int, stride: int = 1):
        super().__init__(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TinySegNet(nn.Module):
    def __init__(self, classes: int):
        super().__init__()
        self.enc1 = ConvBNAct(3, 16)
        self.enc2 = ConvBNAct(16, 32, 2)
        self.dec = ConvBNAct(48, 16)
        self.head = nn.Conv2d(16, classes, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e1 = self.enc1(x)
        e2 = self.enc2(e1)
        up = F.interpolate(e2, size=e1.shape[-2:], mode="bilinear", align_corners=False)
        return self.head(self.dec(torch.cat([e1, up], 1)))


class DihedralTTA(nn.Module):
    """Test-time augmentation over the 8 symmetries of the square (4 rotations x optional
    horizontal flip); each prediction is mapped back before averaging the probabilities."""

    def __init__(self, net: nn.Module, flips: bool = True):
        super().__init__()
        self.net = net
        self.flips = flips

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        acc = torch.zeros(0)
        n = 0
        for flip in ([False, True] if self.flips else [False]):
            xf = x.flip(-1) if flip else x
            for k in range(4):
                y = self.net(torch.rot90(xf, k, dims=(2, 3))).softmax(1)
                y = torch.rot90(y, -k, dims=(2, 3))
                y = y.flip(-1) if flip else y
                acc = y if n == 0 else acc + y
                n += 1
        return acc / n


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tta = DihedralTTA(TinySegNet(classes=4))

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return self.tta(img)


def inputs():
    torch.manual_seed(6018)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 12, 20),)]
