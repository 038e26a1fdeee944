# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelShuffleFixed(nn.Module):
    def __init__(self, order=(2, 0, 1)):
        super().__init__()
        self.order = list(order)

    def forward(self, x):
        idx = torch.LongTensor(self.order)
        return x.index_select(1, idx)


Model = ChannelShuffleFixed


def inputs():
    torch.manual_seed(213)
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 3, 2, 5),)]
