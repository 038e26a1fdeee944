# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels + 2, channels, 1)

    def forward(self, x):
        b, _, h, w = x.shape
        ys = torch.linspace(-1.0, 1.0, h)
        xs = torch.linspace(-1.0, 1.0, w)
        gy, gx = torch.meshgrid(ys, xs, indexing="ij")
        coords = torch.stack([gy, gx]).unsqueeze(0).expand(b, -1, -1, -1)
        return self.conv(torch.cat([x, coords], dim=1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 5, 6),), (torch.randn(1, 4, 3, 3),)]
