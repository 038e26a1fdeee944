import functools
import torch
from torch import nn


def model_forward(self, x):
    for block, gain in zip(self.blocks, self.gains):
        x = x + gain * torch.relu(block(x))
    return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.gains = [1.0, 0.5, 0.25]

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
