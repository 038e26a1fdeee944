import functools
import torch
from torch import nn


def model_forward(self, x):
    y = self.lin(x)
    return y / y.nelement()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
