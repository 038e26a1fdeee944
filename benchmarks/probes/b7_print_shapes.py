import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, channels: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(channels, 8, 3, stride=2, padding=1)

    def forward(self, x):
        y = self.conv(x)
        print(f"conv out: {tuple(y.shape)}")  # breaks: compile
        return y.flatten(1)


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 8, 8),)]
