import random

import torch
import torch.nn.functional as F
from torch import nn


class RandomDilationConv(nn.Module):
    def __init__(self, channels=4, kernel_size=3, dilations=(1, 2, 3, 4)):
        super().__init__()
        self.dilations = list(dilations)
        self.weight = nn.Parameter(torch.randn(channels, channels, kernel_size) * 0.2)
        self.kernel_size = kernel_size

    def forward(self, x):
        d = random.choice(self.dilations)  # breaks: compile,export,trace
        pad = d * (self.kernel_size - 1) // 2
        return F.conv1d(x, self.weight, padding=pad, dilation=d)


Model = RandomDilationConv


def inputs():
    torch.manual_seed(10)
    return [
        (torch.randn(2, 4, 20),),
        (torch.randn(2, 4, 20),),
        (torch.randn(2, 4, 20),),
        (torch.randn(3, 4, 20),),
    ]
