import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        if torch.all(x == 0):  # breaks: compile,export,trace
            return torch.zeros_like(x)
        return self.conv(x) + x


def inputs():
    return [(torch.zeros(1, 4, 6, 6),), (torch.randn(2, 4, 6, 6),)]
