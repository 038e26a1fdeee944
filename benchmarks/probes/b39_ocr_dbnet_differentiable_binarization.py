# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FPNNeck(nn.Module):
    def __init__(self, in_channels=(8, 16), inner=8):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, inner, 1, bias=False) for c in in_channels])
        self.smooth = nn.ModuleList([nn.Conv2d(inner, inner // 2, 3, padding=1, bias=False) for _ in in_channels])

    def forward(self, feats):
        lat = [l(f) for l, f in zip(self.lateral, feats)]
        for i in range(len(lat) - 1, 0, -1):
            lat[i - 1] = lat[i - 1] + F.interpolate(lat[i], size=lat[i - 1].shape[-2:], mode="nearest")
        outs = [s(p) for s, p in zip(self.smooth, lat)]
        size = outs[0].shape[-2:]
        return torch.cat([outs[0]] + [F.interpolate(o, size=size, mode="nearest") for o in outs[1:]], dim=1)


def _head(in_ch, mid):
    return nn.Sequential(
        nn.Conv2d(in_ch, mid, 3, padding=1, bias=False), nn.BatchNorm2d(mid), nn.ReLU(inplace=True),
        nn.ConvTranspose2d(mid, mid, 2, 2), nn.BatchNorm2d(mid), nn.ReLU(inplace=True),
        nn.ConvTranspose2d(mid, 1, 2, 2), nn.Sigmoid(),
    )


class DBHead(nn.Module):
    """Probability and threshold maps; the approximate binary map is only needed for the training loss."""

    def __init__(self, in_channels=8, k=50):
        super().__init__()
        self.k = k
        self.binarize = _head(in_channels, in_channels // 2)
        self.thresh = _head(in_channels, in_channels // 2)

    def step_function(self, x, y):
        return torch.reciprocal(1 + torch.exp(-self.k * (x - y)))

    def forward(self, x):
        shrink_maps = self.binarize(x)
        if not self.training:
            return shrink_maps
        threshold_maps = self.thresh(x)
        binary_maps = self.step_function(shrink_maps, threshold_maps)
        return torch.cat([shrink_maps, threshold_maps, binary_maps], dim=1)


class DBNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage1 = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU())
        self.stage2 = nn.Sequential(nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU())
        self.neck = FPNNeck()
        self.head = DBHead()

    def forward(self, images):
        c2 = self.stage1(images)
        c3 = self.stage2(c2)
        maps = self.head(self.neck([c2, c3]))
        return F.interpolate(maps, size=images.shape[-2:], mode="bilinear", align_corners=False)


Model = DBNet


def inputs():
    torch.manual_seed(3919)
    return [(torch.rand(1, 3, 16, 16),), (torch.rand(2, 3, 12, 20),)]
