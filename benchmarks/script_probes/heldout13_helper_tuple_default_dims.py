# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


def spatial_mean(x: torch.Tensor, dims=(2, 3), keepdim: bool = False):
    return x.mean(dim=dims, keepdim=keepdim)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(spatial_mean(self.conv(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
