import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        scale = float(np.sqrt(x.size(-1)))
        return self.lin(x) / scale


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
