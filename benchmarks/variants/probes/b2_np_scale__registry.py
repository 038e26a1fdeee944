import numpy as np
import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, q, k):
        scale = 1.0 / np.sqrt(q.shape[-1])
        return (q @ k.transpose(-2, -1)) * scale


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, q, k):
        return self.block(q, k)


def inputs():
    return [(torch.randn(2, 3, 4), torch.randn(2, 3, 4)), (torch.randn(1, 5, 4), torch.randn(1, 5, 4))]
