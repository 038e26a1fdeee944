import torch
from torch import nn


class Detect(nn.Module):
    def __init__(self, channels: int = 4, stride: int = 8):
        super().__init__()
        self.stride = stride
        self.pred = nn.Conv2d(channels, 4, 1)
        self.grid = torch.empty(0)

    @staticmethod
    def _make_grid(nx: int, ny: int):
        yv, xv = torch.meshgrid(torch.arange(ny), torch.arange(nx), indexing="ij")
        return torch.stack((xv, yv), 2).view(1, ny, nx, 2).float()

    def forward(self, x):
        p = self.pred(x).permute(0, 2, 3, 1)
        _, ny, nx, _ = p.shape
        if self.grid.shape[1:3] != p.shape[1:3]:
            self.grid = self._make_grid(nx, ny)
        xy = (p[..., :2].sigmoid() + self.grid) * self.stride
        return torch.cat([xy, p[..., 2:].exp() * self.stride], -1).flatten(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.detect = Detect()

    def forward(self, x):
        return self.detect(x)


def inputs():
    return [(torch.randn(1, 4, 3, 4),), (torch.randn(2, 4, 5, 2),)]
