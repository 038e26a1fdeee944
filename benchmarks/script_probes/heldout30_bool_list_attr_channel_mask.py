# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ChannelPrunedConv(nn.Module):
    """Conv whose pruned output channels are dropped with a list-of-bools keep mask."""

    def __init__(self, cin: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(cin, 5, 3, padding=1)
        self.keep = [True, False, True, True, False]

    def forward(self, x: Tensor) -> Tensor:
        y = self.conv(x)
        return y[:, self.keep]


Model = ChannelPrunedConv


def inputs():
    torch.manual_seed(3011)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 5),)]
