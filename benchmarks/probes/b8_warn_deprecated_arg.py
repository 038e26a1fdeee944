import warnings

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, legacy_scale: bool = True):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.legacy_scale = legacy_scale

    def forward(self, x):
        h = self.fc(x)
        if self.legacy_scale:
            warnings.warn("legacy_scale is deprecated", stacklevel=2)  # breaks: compile
            h = h * 0.5
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
