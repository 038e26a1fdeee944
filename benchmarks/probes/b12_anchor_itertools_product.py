from itertools import product

import torch
from torch import Tensor, nn


class AnchorPoints(nn.Module):
    def __init__(self, stride: int = 8, sizes=(16.0, 32.0)):
        super().__init__()
        self.stride = stride
        self.sizes = sizes

    def grid(self, h: int, w: int):
        cells = [
            ((j + 0.5) * self.stride, (i + 0.5) * self.stride, s)
            for i, j, s in product(range(h), range(w), self.sizes)
        ]
        return torch.tensor(cells)  # breaks: trace

    def forward(self, feat: Tensor) -> Tensor:
        h, w = feat.shape[-2:]
        pts = self.grid(h, w)
        cx, cy, s = pts.unbind(-1)
        return torch.stack([cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.anchors = AnchorPoints()
        self.reg = nn.Conv2d(4, 2 * 4, 1)

    def forward(self, img: Tensor) -> Tensor:
        f = self.stem(img)
        anchors = self.anchors(f)
        deltas = self.reg(f).permute(0, 2, 3, 1).reshape(f.shape[0], -1, 4)
        return anchors.unsqueeze(0) + deltas


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(1, 3, 12, 6),)]
