# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Stem(nn.Module):
    def __init__(self, cin=3, cout=8):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=2, padding=1)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        x = x.contiguous(memory_format=torch.channels_last)
        return torch.relu(self.bn(self.conv(x)))


Model = Stem


def inputs():
    torch.manual_seed(4623)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 10, 6),)]
