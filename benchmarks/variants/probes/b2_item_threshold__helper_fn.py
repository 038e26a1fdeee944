import torch
from torch import nn


def model_forward(self, x):
    peak = x.abs().max().item()
    if peak > 10:
        x = x / peak
    return x


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 100,)]
