import torch
import torch.nn.functional as F
from torch import nn


class FPN(nn.Module):
    def __init__(self, in_channels: list[int], out_channels: int = 4):
        super().__init__()
        self.lateral = nn.ModuleList(nn.Conv2d(c, out_channels, 1) for c in in_channels)
        self.output = nn.ModuleList(
            nn.Conv2d(out_channels, out_channels, 3, padding=1) for _ in in_channels
        )

    def forward(self, feats: list[torch.Tensor]) -> dict[str, torch.Tensor]:
        laterals = [conv(f) for conv, f in zip(self.lateral, feats)]
        for i in range(len(laterals) - 1, 0, -1):
            up = F.interpolate(laterals[i], size=laterals[i - 1].shape[-2:], mode="nearest")
            laterals[i - 1] = laterals[i - 1] + up
        outs = {}
        for i, (conv, x) in enumerate(zip(self.output, laterals)):
            outs[f"p{i + 2}"] = conv(x)
        return outs  # breaks: trace


class Backbone(nn.Module):
    def __init__(self, widths=(4, 8, 16)):
        super().__init__()
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList(
            nn.Sequential(nn.Conv2d(a, b, 3, stride=2, padding=1), nn.ReLU())
            for a, b in zip(chans[:-1], chans[1:])
        )

    def forward(self, x):
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        return outs


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.fpn = FPN([4, 8, 16])

    def forward(self, images):
        return self.fpn(self.backbone(images))


def inputs():
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 20, 14),)]
