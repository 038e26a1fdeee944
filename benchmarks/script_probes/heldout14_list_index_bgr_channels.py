# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bgr = True

    def forward(self, x):
        if self.bgr:
            x = x[:, [2, 1, 0]]
        return self.conv(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 5, 3),)]
