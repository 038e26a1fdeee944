# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class YoloHead(nn.Module):
    def __init__(self, ch: int = 4, anchors=((10, 13), (16, 30), (33, 23))):
        super().__init__()
        self.anchors = np.array(anchors, dtype=np.float32)
        self.na = len(anchors)
        self.conv = nn.Conv2d(ch, self.na * 4, 1)

    def forward(self, x):
        b, _, h, w = x.shape
        p = self.conv(x).view(b, self.na, 4, h, w)
        wh = p[:, :, 2:].exp() * torch.from_numpy(self.anchors).view(1, self.na, 2, 1, 1)
        return torch.cat([p[:, :, :2].sigmoid(), wh], 2)


Model = YoloHead


def inputs():
    torch.manual_seed(2241)
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(1, 4, 2, 5),)]
