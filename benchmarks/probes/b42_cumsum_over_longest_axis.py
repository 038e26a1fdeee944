# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LongestAxisIntegral(nn.Module):
    """Integral image along whichever spatial axis is longer (picked from the shape)."""

    def __init__(self, c=3):
        super().__init__()
        self.mix = nn.Conv2d(c, c, 1)

    def forward(self, x):
        h, w = x.shape[-2:]
        dim = -2 if h >= w else -1
        y = torch.cumsum(self.mix(x), dim=dim)
        return y / y.size(dim)


Model = LongestAxisIntegral


def inputs():
    torch.manual_seed(4219)
    return [(torch.randn(1, 3, 6, 4),), (torch.randn(2, 3, 3, 7),), (torch.randn(1, 3, 5, 5),)]
