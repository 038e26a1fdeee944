# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HeatmapDecoder:
    """HRNet-style decoding: argmax, then a quarter-pixel shift toward the higher neighbour."""

    @classmethod
    def refine(cls, heat: torch.Tensor, coords: torch.Tensor) -> torch.Tensor:
        n, k, h, w = heat.shape
        for i in range(n):
            for j in range(k):
                px, py = int(coords[i, j, 0]), int(coords[i, j, 1])  # breaks: compile,export,trace
                if 1 < px < w - 1 and 1 < py < h - 1:  # breaks: compile
                    dx = heat[i, j, py, px + 1] - heat[i, j, py, px - 1]
                    dy = heat[i, j, py + 1, px] - heat[i, j, py - 1, px]
                    coords[i, j] += torch.stack((dx, dy)).sign() * 0.25
        return coords


class Model(nn.Module):
    def __init__(self, joints: int = 3):
        super().__init__()
        self.head = nn.Conv2d(4, joints, 1)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        heat = self.head(feats)
        n, k, h, w = heat.shape
        idx = heat.flatten(2).argmax(-1)
        coords = torch.stack((idx % w, idx // w), -1).float()
        return HeatmapDecoder.refine(heat, coords)  # breaks: script


def inputs():
    torch.manual_seed(7209)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(2, 4, 8, 8),)]
