# ruff: noqa  (a probe is written as users write models)
import json

import torch
import torch.nn as nn
import torch.nn.functional as F


def level_key(stride: int, size: tuple, normalize: bool) -> str:
    """Stable, human-readable key for a per-level decoding spec (also used in the export
    metadata and the debug dumps)."""
    return json.dumps({"stride": stride, "size": list(size), "norm": normalize}, sort_keys=True)


class LevelScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.scale


class Model(nn.Module):
    """Anchor-free (FCOS-like) box head over two FPN levels; per-level learnable scales are
    stored under a spec string built from the level's stride."""

    def __init__(self, c: int = 16, strides=(8, 16)):
        super().__init__()
        self.strides = tuple(strides)
        self.stem = nn.Conv2d(3, c, 3, stride=8, padding=1)
        self.down = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.reg = nn.Conv2d(c, 4, 3, padding=1)
        self.cls = nn.Conv2d(c, 3, 3, padding=1)
        self.scales = nn.ModuleDict({self._spec(s): LevelScale() for s in self.strides})

    @staticmethod
    def _spec(stride: int) -> str:
        return "s%d" % stride

    def decode(self, reg: torch.Tensor, stride: int) -> torch.Tensor:
        b, _, h, w = reg.shape
        key = level_key(stride, (h, w), normalize=True)
        spec = json.loads(key)
        dist = F.relu(self.scales[self._spec(spec["stride"])](reg)) * spec["stride"]
        ys = (torch.arange(h, dtype=reg.dtype) + 0.5) * stride
        xs = (torch.arange(w, dtype=reg.dtype) + 0.5) * stride
        cy, cx = torch.meshgrid(ys, xs, indexing="ij")
        boxes = torch.stack([cx - dist[:, 0], cy - dist[:, 1], cx + dist[:, 2], cy + dist[:, 3]], 1)
        return boxes.flatten(2).transpose(1, 2)

    def forward(self, img: torch.Tensor):
        p3 = F.relu(self.stem(img))
        p4 = F.relu(self.down(p3))
        boxes, scores = [], []
        for feat, stride in zip((p3, p4), self.strides):
            boxes.append(self.decode(self.reg(feat), stride))
            scores.append(self.cls(feat).sigmoid().flatten(2).transpose(1, 2))
        return torch.cat(boxes, 1), torch.cat(scores, 1)


def inputs():
    torch.manual_seed(6011)
    return [(torch.randn(2, 3, 64, 64),), (torch.randn(1, 3, 96, 128),)]
