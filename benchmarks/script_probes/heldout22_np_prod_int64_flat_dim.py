# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class ConvToVector(nn.Module):
    def __init__(self, shape=(4, 3, 3), out: int = 5):
        super().__init__()
        self.shape = shape
        self.flat_dim = np.prod(shape)
        self.fc = nn.Linear(int(self.flat_dim), out)

    def forward(self, x):
        return self.fc(x.reshape(-1, self.flat_dim))


Model = ConvToVector


def inputs():
    torch.manual_seed(2242)
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(3, 36),)]
