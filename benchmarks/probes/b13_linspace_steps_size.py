import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)

    def forward(self, x):
        ramp = torch.linspace(0.0, 1.0, steps=x.size(-1))
        return self.conv(x) * ramp


def inputs():
    return [(torch.randn(2, 4, 6),), (torch.randn(2, 4, 9),)]
