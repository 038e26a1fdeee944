# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class HeadOut(NamedTuple):
    heatmaps: torch.Tensor
    offsets: torch.Tensor


class KeypointHead(nn.Module):
    """Bottom-up pose head: per-joint heatmaps plus sub-pixel offsets."""

    def __init__(self, c: int, joints: int = 5):
        super().__init__()
        self.joints = joints
        self.conv = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU())
        self.hm = nn.Conv2d(c, joints, 1)
        self.off = nn.Conv2d(c, 2 * joints, 1)

    def forward(self, x: torch.Tensor) -> HeadOut:
        h = self.conv(x)
        return HeadOut(self.hm(h).sigmoid(), self.off(h).tanh())


def soft_argmax(out: HeadOut, beta: float = 10.0) -> torch.Tensor:
    hm = out.heatmaps
    b, j, h, w = hm.shape
    prob = F.softmax(hm.flatten(2) * beta, dim=-1).view(b, j, h, w)
    ys = (torch.arange(h, device=hm.device) + 0.5) / h
    xs = (torch.arange(w, device=hm.device) + 0.5) / w
    y = (prob.sum(-1) * ys).sum(-1)
    x = (prob.sum(-2) * xs).sum(-1)
    off = out.offsets.view(b, j, 2, h, w)
    dx = (off[:, :, 0] * prob).flatten(2).sum(-1) / w
    dy = (off[:, :, 1] * prob).flatten(2).sum(-1) / h
    return torch.stack([x + dx, y + dy], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.head = KeypointHead(16)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return soft_argmax(self.head(self.stem(img)))


def inputs():
    torch.manual_seed(5812)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 40, 24),)]
