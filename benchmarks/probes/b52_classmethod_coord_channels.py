# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CoordConv(nn.Module):
    """CoordConv: a classmethod appends normalized y/x coordinate channels before the conv."""

    def __init__(self, c_in: int = 3, c_out: int = 6):
        super().__init__()
        self.conv = nn.Conv2d(c_in + 2, c_out, 3, padding=1)

    @classmethod
    def add_coords(cls, x: Tensor) -> Tensor:
        b, _, h, w = x.shape
        ys = torch.arange(h, dtype=x.dtype, device=x.device) / (h - 1) * 2 - 1
        xs = torch.arange(w, dtype=x.dtype, device=x.device) / (w - 1) * 2 - 1
        ys = ys.view(1, 1, h, 1).expand(b, 1, h, w)
        xs = xs.view(1, 1, 1, w).expand(b, 1, h, w)
        return torch.cat([x, ys, xs], dim=1)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(self.add_coords(x))


Model = CoordConv


def inputs():
    torch.manual_seed(5209)
    return [(torch.randn(1, 3, 6, 8),), (torch.randn(2, 3, 5, 4),)]
