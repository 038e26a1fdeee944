# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FixedLengthPool(nn.Module):
    """Pools any sequence length down to a configured number of bins."""

    def __init__(self, channels=6, out_len=4):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)
        self.out_len = out_len

    def forward(self, x):
        h = self.conv(x)
        return F.adaptive_avg_pool1d(h, self.out_len).flatten(1)


Model = FixedLengthPool


def inputs():
    torch.manual_seed(3615)
    return [(torch.randn(2, 6, 12),), (torch.randn(2, 6, 12),), (torch.randn(2, 6, 20),)]
