import functools
import torch
from torch import nn


def model_forward(self, x):
    h, _ = self.rnn(torch.tanh(self.emb(x)))
    return self.out(h[:, -1])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(4, 8)
        self.rnn = nn.GRU(8, 8, batch_first=True)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 7, 4),)]
