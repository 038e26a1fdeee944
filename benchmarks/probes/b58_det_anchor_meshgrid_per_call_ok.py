# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn


class AnchorGenerator(nn.Module):
    """Single-level anchor generator; the grid is rebuilt from the feature size on every
    call (cheap compared to the head), no cache kept on the module."""

    def __init__(self, stride: int = 8, sizes=(16.0, 32.0)):
        super().__init__()
        self.stride = stride
        base = torch.tensor([[-s / 2, -s / 2, s / 2, s / 2] for s in sizes])
        self.register_buffer("base", base, persistent=False)

    def _grid(self, feat: torch.Tensor) -> torch.Tensor:
        ys = torch.arange(feat.shape[-2], dtype=torch.float32, device=feat.device) * self.stride
        xs = torch.arange(feat.shape[-1], dtype=torch.float32, device=feat.device) * self.stride
        yy, xx = torch.meshgrid(ys, xs, indexing="ij")
        shifts = torch.stack([xx, yy, xx, yy], dim=-1).reshape(-1, 1, 4)
        return (shifts + self.base.view(1, -1, 4)).reshape(-1, 4)

    def forward(self, feat: torch.Tensor) -> torch.Tensor:
        return self._grid(feat)


def decode(anchors: torch.Tensor, deltas: torch.Tensor) -> torch.Tensor:
    wh = anchors[:, 2:] - anchors[:, :2]
    ctr = anchors[:, :2] + 0.5 * wh
    c = ctr + deltas[..., :2] * wh
    s = wh * deltas[..., 2:].clamp(max=4.0).exp()
    return torch.cat([c - 0.5 * s, c + 0.5 * s], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.anchors = AnchorGenerator()
        self.reg = nn.Conv2d(16, 2 * 4, 1)
        self.cls = nn.Conv2d(16, 2, 1)

    def forward(self, img: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        f = self.backbone(img)
        b = f.shape[0]
        deltas = self.reg(f).permute(0, 2, 3, 1).reshape(b, -1, 4)
        scores = self.cls(f).permute(0, 2, 3, 1).reshape(b, -1).sigmoid()
        boxes = decode(self.anchors(f), deltas)
        return boxes, scores


def inputs():
    torch.manual_seed(5802)
    return [(torch.randn(2, 3, 64, 64),), (torch.randn(1, 3, 48, 80),), (torch.randn(2, 3, 64, 64),)]
