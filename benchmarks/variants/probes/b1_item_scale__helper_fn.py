import torch
from torch import nn


def model_forward(self, x):
    scale = x.abs().max().item()
    return x / (scale + 1e-6)


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
