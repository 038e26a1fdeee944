import functools

import torch
from torch import nn


@functools.cache
def decay_weights(length: int):
    return 0.9 ** torch.arange(length, dtype=torch.float32)


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        w = decay_weights(x.shape[1])
        return self.fc(x) * w[None, :, None]


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
