# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Event-camera encoder: (x, y, t, p) events are binned into a B x H x W voxel grid with
    bilinear weights in time, accumulated with index_put_, then convolved."""

    def __init__(self, bins: int = 3, h: int = 6, w: int = 8):
        super().__init__()
        self.bins, self.h, self.w = bins, h, w
        self.conv = nn.Conv2d(bins, 4, 3, padding=1)

    def forward(self, events: torch.Tensor) -> torch.Tensor:
        x, y, t, p = events.unbind(-1)
        t = (t - t[0]) / (t[-1] - t[0]).clamp(min=1e-6) * (self.bins - 1)
        t0 = t.floor().clamp(0, self.bins - 1)
        grid = events.new_zeros(self.bins, self.h, self.w)
        for shift in (0, 1):
            tb = (t0 + shift).clamp(max=self.bins - 1)
            weight = p * (1 - (t - tb).abs()).clamp(min=0)
            grid.index_put_((tb.long(), y.long(), x.long()), weight, accumulate=True)
        return self.conv(grid[None])


def events(n: int) -> torch.Tensor:
    xy = torch.stack([torch.randint(0, 8, (n,)), torch.randint(0, 6, (n,))], -1).float()
    t = torch.sort(torch.rand(n)).values
    p = torch.randint(0, 2, (n,)).float() * 2 - 1
    return torch.cat([xy, t[:, None], p[:, None]], -1)


def inputs():
    torch.manual_seed(7512)
    return [(events(20),), (events(33),)]
