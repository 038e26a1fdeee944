import torch
from torch import nn


def model_forward(self, x, threshold: float = 0.0):
    pos = x > threshold
    return torch.where(pos, x, x * 0.01)


class Model(nn.Module):
    def forward(self, x, threshold: float = 0.0):
        return model_forward(self, x, threshold)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
