# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 2, 3, padding=1)

    def forward(self, x):
        # number of halvings until the sequence is length 1
        levels = (x.shape[-1] - 1).bit_length()
        out = x
        for _ in range(levels):
            out = F.avg_pool1d(self.conv(out), 2, ceil_mode=True)
        return out


def inputs():
    return [(torch.randn(1, 2, 8),), (torch.randn(2, 2, 5),)]
