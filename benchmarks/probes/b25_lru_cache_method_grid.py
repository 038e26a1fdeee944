import functools

import torch
import torch.nn as nn


class GridPositionalHead(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels + 2, channels, 1)

    @functools.lru_cache(maxsize=8)
    def _grid(self, h, w):
        ys = torch.linspace(-1, 1, h)
        xs = torch.linspace(-1, 1, w)
        gy, gx = torch.meshgrid(ys, xs, indexing="ij")
        return torch.stack([gx, gy])

    def forward(self, x):
        b, _, h, w = x.shape
        grid = self._grid(h, w).expand(b, -1, -1, -1)
        return self.conv(torch.cat([x, grid], dim=1))


Model = GridPositionalHead


def inputs():
    torch.manual_seed(22)
    return [(torch.randn(2, 4, 6, 6),), (torch.randn(3, 4, 6, 6),)]
