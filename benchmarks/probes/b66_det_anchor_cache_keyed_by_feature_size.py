# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AnchorGenerator(nn.Module):
    """Per-level anchor generator that memoises the anchor grid of each feature-map size."""

    def __init__(self, stride: int = 8, sizes=(16.0, 32.0)):
        super().__init__()
        self.stride = stride
        self.register_buffer("cell", torch.tensor([[-s / 2, -s / 2, s / 2, s / 2] for s in sizes]))
        self._memo = {}

    def _grid(self, height: int, width: int) -> torch.Tensor:
        ys = (torch.arange(height, dtype=torch.float32) + 0.5) * self.stride
        xs = (torch.arange(width, dtype=torch.float32) + 0.5) * self.stride
        cy, cx = torch.meshgrid(ys, xs, indexing="ij")
        centers = torch.stack([cx, cy, cx, cy], dim=-1).reshape(-1, 1, 4)
        return (centers + self.cell[None]).reshape(-1, 4)

    def forward(self, feat: torch.Tensor) -> torch.Tensor:
        key = tuple(feat.shape[-2:])  # breaks: script
        if key not in self._memo:
            self._memo[key] = self._grid(*key)
        return self._memo[key]


class Model(nn.Module):
    """Single-level box head: regression deltas are added to cached anchors."""

    def __init__(self, c: int = 4):
        super().__init__()
        self.anchors = AnchorGenerator()
        self.reg = nn.Conv2d(c, 2 * 4, 1)

    def forward(self, feat: torch.Tensor) -> torch.Tensor:
        n = feat.shape[0]
        deltas = self.reg(feat).permute(0, 2, 3, 1).reshape(n, -1, 4)
        return self.anchors(feat)[None] + deltas * 8.0


def inputs():
    torch.manual_seed(6601)
    return [(torch.randn(1, 4, 5, 6),), (torch.randn(1, 4, 7, 3),)]
