# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, x):
        y = self.conv(x)
        w, h = y.shape[:-3:-1]
        if w > h:
            y = y.transpose(-1, -2)
        return y.flatten(1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4, 6),), (torch.randn(1, 3, 5, 3),)]
