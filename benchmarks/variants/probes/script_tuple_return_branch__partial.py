import functools
import torch
from torch import nn


def model_forward(self, x):
    h = self.enc(x)
    if self.return_hidden:
        return h, x
    return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)
        self.return_hidden = False

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
