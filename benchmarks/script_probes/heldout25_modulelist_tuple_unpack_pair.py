# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TwoConv(nn.Module):
    def __init__(self, c: int = 3):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(c, c, 3, padding=1), nn.Conv2d(c, c, 1)])

    def forward(self, x):
        conv_a, conv_b = self.convs
        return conv_b(torch.relu(conv_a(x)))


Model = TwoConv


def inputs():
    torch.manual_seed(2528)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 6),)]
