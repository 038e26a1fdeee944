# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def make_coord_grid(h: int, w: int, device: torch.device = torch.device("cpu")) -> Tensor:
    ys = torch.linspace(-1.0, 1.0, h, device=device)
    xs = torch.linspace(-1.0, 1.0, w, device=device)
    gy, gx = torch.meshgrid(ys, xs, indexing="ij")
    return torch.stack([gx, gy], dim=0)


class CoordConv(nn.Module):
    """CoordConv: appends an (x, y) coordinate grid to the input channels."""

    def __init__(self, cin: int = 3, cout: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(cin + 2, cout, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        grid = make_coord_grid(x.shape[2], x.shape[3])
        grid = grid.unsqueeze(0).expand(x.shape[0], -1, -1, -1)
        return self.conv(torch.cat([x, grid], dim=1))


Model = CoordConv


def inputs():
    torch.manual_seed(3009)
    return [(torch.randn(2, 3, 5, 5),), (torch.randn(1, 3, 4, 7),)]
