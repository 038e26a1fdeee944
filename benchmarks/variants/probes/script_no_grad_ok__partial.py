import functools
import torch
from torch import nn


def model_forward(self, x):
    with torch.no_grad():
        stats = x.mean(0)
    return self.lin(x - stats + self.running)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)
        self.register_buffer("running", torch.zeros(4))

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
