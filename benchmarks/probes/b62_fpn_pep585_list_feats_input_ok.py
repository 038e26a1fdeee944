# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def top_down_merge(laterals: list[torch.Tensor]) -> list[torch.Tensor]:
    """FPN top-down pathway: upsample the coarser map and add it to the next finer one."""
    outs = [laterals[-1]]
    for lat in laterals[-2::-1]:
        up = F.interpolate(outs[0], size=lat.shape[-2:], mode="nearest")
        outs.insert(0, lat + up)
    return outs


class Lateral(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(x)


class Model(nn.Module):
    """Feature pyramid neck + shared objectness head over a backbone's multi-scale features,
    which arrive as a Python list (C3, C4, C5)."""

    def __init__(self, in_channels: tuple[int, ...] = (8, 16, 32), c: int = 16):
        super().__init__()
        self.laterals = nn.ModuleList([Lateral(ci, c) for ci in in_channels])
        self.smooth = nn.ModuleList([nn.Conv2d(c, c, 3, padding=1) for _ in in_channels])
        self.obj = nn.Conv2d(c, 1, 1)

    def forward(self, feats: list[torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        lats: list[torch.Tensor] = []
        for i, lat in enumerate(self.laterals):
            lats.append(lat(feats[i]))
        merged = top_down_merge(lats)
        outs: list[torch.Tensor] = []
        for i, conv in enumerate(self.smooth):
            outs.append(self.obj(F.relu(conv(merged[i]))).sigmoid())
        return outs[0], outs[1], outs[2]


def _pyramid(b, h, w):
    return [torch.randn(b, 8, h, w), torch.randn(b, 16, h // 2, w // 2), torch.randn(b, 32, h // 4, w // 4)]


def inputs():
    torch.manual_seed(6221)
    return [(_pyramid(2, 16, 16),), (_pyramid(1, 24, 32),)]
