# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn


class AnchorGenerator(nn.Module):
    """Anchors for one feature map: every (size, aspect) pair centred on every cell."""

    def __init__(self, stride: int, sizes: Tuple[float, ...] = (8.0, 16.0), ratios: Tuple[float, ...] = (0.5, 1.0, 2.0)):
        super().__init__()
        self.stride = stride
        ws: List[float] = []
        hs: List[float] = []
        for s in sizes:
            for r in ratios:
                ws.append(s / r**0.5)
                hs.append(s * r**0.5)
        base = torch.tensor([ws, hs]).t()
        self.register_buffer("base", torch.cat([-base / 2, base / 2], dim=1))

    def forward(self, feat: torch.Tensor) -> torch.Tensor:
        h, w = feat.shape[-2:]
        ys = (torch.arange(h, dtype=torch.float32) + 0.5) * self.stride
        xs = (torch.arange(w, dtype=torch.float32) + 0.5) * self.stride
        cy, cx = torch.meshgrid(ys, xs, indexing="ij")
        centres = torch.stack([cx, cy, cx, cy], dim=-1).reshape(-1, 1, 4)
        return (centres + self.base).reshape(-1, 4)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Conv2d(3, 4, 3, stride=4, padding=1)
        self.anchors = AnchorGenerator(stride=4)
        self.reg = nn.Conv2d(4, 6 * 4, 1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        feat = self.backbone(img)
        deltas = self.reg(feat).permute(0, 2, 3, 1).reshape(img.size(0), -1, 4)
        return self.anchors(feat).unsqueeze(0) + deltas


def inputs():
    torch.manual_seed(6927)
    return [(torch.randn(1, 3, 16, 24),), (torch.randn(2, 3, 20, 12),)]
