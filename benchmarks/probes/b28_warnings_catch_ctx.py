import warnings

import torch
from torch import nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, ch=3):
        super().__init__()
        self.conv = nn.Conv2d(ch, 8, 3, padding=1)

    def forward(self, x):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # breaks: compile
            x = F.interpolate(x, scale_factor=2.0, mode="bilinear")
        return self.conv(x)


def inputs():
    torch.manual_seed(7)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
