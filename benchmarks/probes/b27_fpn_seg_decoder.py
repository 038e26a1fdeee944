import torch
from torch import nn
from torch.nn import functional as F


def conv_bn_relu(cin, cout, k=3):
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TinyBackbone(nn.Module):
    def __init__(self, widths=(16, 32, 64)):
        super().__init__()
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList(
            nn.Sequential(conv_bn_relu(a, b), nn.MaxPool2d(2)) for a, b in zip(chans[:-1], chans[1:])
        )

    def forward(self, x):
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return feats


class FPNDecoder(nn.Module):
    def __init__(self, in_channels=(16, 32, 64), dim=32, num_classes=5, align_corners=False):
        super().__init__()
        self.lateral = nn.ModuleList(nn.Conv2d(c, dim, 1) for c in in_channels)
        self.smooth = nn.ModuleList(conv_bn_relu(dim, dim) for _ in in_channels)
        self.cls = nn.Conv2d(dim * len(in_channels), num_classes, 1)
        self.align_corners = align_corners

    def _up(self, x, like):
        return F.interpolate(x, size=like.shape[-2:], mode="bilinear", align_corners=self.align_corners)

    def forward(self, feats):
        lat = [l(f) for l, f in zip(self.lateral, feats)]
        for i in range(len(lat) - 1, 0, -1):
            lat[i - 1] = lat[i - 1] + self._up(lat[i], lat[i - 1])
        outs = [s(p) for s, p in zip(self.smooth, lat)]
        outs = [outs[0]] + [self._up(o, outs[0]) for o in outs[1:]]
        return self.cls(torch.cat(outs, dim=1))


class SegNet(nn.Module):
    def __init__(self, num_classes: int = 5):
        super().__init__()
        self.backbone = TinyBackbone()
        self.decoder = FPNDecoder(num_classes=num_classes)

    def forward(self, img):
        logits = self.decoder(self.backbone(img))
        return F.interpolate(logits, size=img.shape[-2:], mode="bilinear", align_corners=False)


Model = SegNet


def inputs():
    torch.manual_seed(275)
    return [
        (torch.randn(2, 3, 64, 64),),
        (torch.randn(1, 3, 48, 80),),
    ]
