# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)
        self.min_size = 2

    def forward(self, x):
        h = x.shape[-1]
        out = torch.zeros(x.shape[0], 3)
        while h >= self.min_size:
            y = F.adaptive_avg_pool2d(self.conv(x), h)
            out = out + y.mean((2, 3))
            h //= 2
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 6),)]
