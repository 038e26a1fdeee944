import functools
import torch
from torch import nn


def model_forward(self, x):
    x = self.a(x)
    torch._dynamo.graph_break()
    return self.b(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
