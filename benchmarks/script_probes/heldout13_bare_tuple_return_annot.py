# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.rnn_in = nn.Linear(dim, dim)
        self.pool = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> tuple:
        h = torch.tanh(self.rnn_in(x))
        return h, self.pool(h.mean(1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()

    def forward(self, x):
        seq, pooled = self.enc(x)
        return seq.sum(1) + pooled


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
