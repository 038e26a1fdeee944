import functools
import torch
from torch import nn


def model_forward(self, x):
    out = self.fc(x)
    print(f"out {tuple(out.shape)}")
    return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
