# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor
from typing import List


class FCOSHead(nn.Module):
    """Anchor-free head: per-location class logits and (l, t, r, b) distances, decoded to boxes."""

    def __init__(self, ch: int = 16, num_classes: int = 3, strides: List[int] = [8, 16]):
        super().__init__()
        self.strides = list(strides)
        self.cls = nn.Conv2d(ch, num_classes, 3, padding=1)
        self.reg = nn.Conv2d(ch, 4, 3, padding=1)
        self.scales = nn.Parameter(torch.ones(2))

    @classmethod
    def level_points(cls, h: int, w: int, stride: int, device: torch.device) -> Tensor:
        ys = torch.arange(h, device=device, dtype=torch.float32) * stride + stride // 2
        xs = torch.arange(w, device=device, dtype=torch.float32) * stride + stride // 2
        yy, xx = torch.meshgrid(ys, xs, indexing="ij")
        return torch.stack([xx.reshape(-1), yy.reshape(-1)], dim=-1)

    @staticmethod
    def distance2bbox(points: Tensor, dist: Tensor) -> Tensor:
        x1y1 = points - dist[..., :2]
        x2y2 = points + dist[..., 2:]
        return torch.cat([x1y1, x2y2], dim=-1)

    def forward(self, feats: List[Tensor]):
        scores, boxes = [], []
        for i, f in enumerate(feats):
            b, _, h, w = f.shape
            pts = self.level_points(h, w, self.strides[i], f.device)
            logits = self.cls(f).flatten(2).transpose(1, 2)
            dist = F.relu(self.reg(f) * self.scales[i]).flatten(2).transpose(1, 2) * self.strides[i]
            scores.append(logits.sigmoid())
            boxes.append(self.distance2bbox(pts.unsqueeze(0), dist))
        return torch.cat(scores, dim=1), torch.cat(boxes, dim=1)


class TinyBackbone(nn.Module):
    def __init__(self, ch: int = 16):
        super().__init__()
        self.s8 = nn.Sequential(nn.Conv2d(3, ch, 3, 4, 1), nn.ReLU(), nn.Conv2d(ch, ch, 3, 2, 1), nn.ReLU())
        self.s16 = nn.Sequential(nn.Conv2d(ch, ch, 3, 2, 1), nn.ReLU())

    def forward(self, x: Tensor) -> List[Tensor]:
        c3 = self.s8(x)
        return [c3, self.s16(c3)]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = TinyBackbone()
        self.head = FCOSHead()

    def forward(self, images: Tensor):
        return self.head(self.backbone(images))


def inputs():
    torch.manual_seed(5319)
    return [(torch.randn(2, 3, 64, 64),), (torch.randn(1, 3, 48, 80),)]
