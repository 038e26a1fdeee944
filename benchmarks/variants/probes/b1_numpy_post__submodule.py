import numpy as np
import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        arr = x.detach().cpu().numpy()
        clipped = np.clip(arr, -1.0, 1.0)
        return torch.from_numpy(clipped) * 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
