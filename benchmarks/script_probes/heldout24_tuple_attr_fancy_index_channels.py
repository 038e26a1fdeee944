# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ChannelSubset(nn.Module):
    def __init__(self, keep=(0, 2, 3)):
        super().__init__()
        self.keep = tuple(keep)
        self.head = nn.Conv2d(len(keep), 2, 1)

    def forward(self, x: Tensor) -> Tensor:
        return self.head(x[:, self.keep])


Model = ChannelSubset


def inputs():
    torch.manual_seed(2444)
    return [(torch.randn(1, 5, 3, 3),), (torch.randn(2, 4, 2, 4),)]
