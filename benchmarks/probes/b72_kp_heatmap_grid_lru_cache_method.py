# ruff: noqa  (a probe is written as users write models)
from functools import lru_cache

import torch
import torch.nn as nn


@lru_cache(maxsize=8)
def pixel_grid(h: int, w: int) -> torch.Tensor:
    ys, xs = torch.meshgrid(torch.arange(h, dtype=torch.float32), torch.arange(w, dtype=torch.float32), indexing="ij")
    return torch.stack((xs, ys), -1).reshape(1, 1, h * w, 2)


class Model(nn.Module):
    """Integral (soft-argmax) keypoint regression with a memoised pixel-coordinate grid."""

    def __init__(self, joints: int = 4, beta: float = 5.0):
        super().__init__()
        self.head = nn.Conv2d(3, joints, 3, padding=1)
        self.beta = beta

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        heat = self.head(img)
        n, k, h, w = heat.shape
        prob = (self.beta * heat.flatten(2)).softmax(-1).unsqueeze(-1)
        return (prob * pixel_grid(int(h), int(w))).sum(2)  # breaks: trace


def inputs():
    torch.manual_seed(7210)
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(2, 3, 5, 7),)]
