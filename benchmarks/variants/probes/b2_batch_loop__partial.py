import functools
import torch
from torch import nn


def model_forward(self, x):
    outs = []
    for b in range(x.shape[0]):
        outs.append(self.fc(x[b]).softmax(-1))
    return torch.stack(outs)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
