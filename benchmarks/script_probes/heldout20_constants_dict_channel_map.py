# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelRemap(nn.Module):
    __constants__ = ["channel_map", "out_order"]

    def __init__(self):
        super().__init__()
        self.channel_map = {"r": 0, "g": 1, "b": 2}
        self.out_order = "bgr"

    def forward(self, x):
        idx = [self.channel_map[c] for c in self.out_order]
        return x[:, idx]


Model = ChannelRemap


def inputs():
    torch.manual_seed(2005)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 2, 5),)]
