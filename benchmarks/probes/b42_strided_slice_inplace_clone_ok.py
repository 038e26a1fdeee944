# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class InterleavedChannelScale(nn.Module):
    """Scales even channels and shifts odd ones in place, on a clone, via step-2 slice views."""

    def __init__(self, c=6):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=1)
        self.even_scale = nn.Parameter(torch.full((c // 2, 1), 0.5))
        self.odd_shift = nn.Parameter(torch.full((c // 2, 1), 0.1))

    def forward(self, x):
        y = self.conv(x).clone()
        y[:, ::2].mul_(self.even_scale)
        y[:, 1::2] += self.odd_shift
        return y


Model = InterleavedChannelScale


def inputs():
    torch.manual_seed(4225)
    return [(torch.randn(2, 6, 5),), (torch.randn(2, 6, 5),), (torch.randn(1, 6, 9),)]
