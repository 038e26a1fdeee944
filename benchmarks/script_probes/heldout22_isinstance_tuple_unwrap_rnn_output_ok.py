# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SeqEncoder(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 6):
        super().__init__()
        self.rnn = nn.GRU(dim, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 2)

    def forward(self, x):
        out = self.rnn(x)
        if isinstance(out, tuple):
            out = out[0]
        return self.head(out[:, -1])


Model = SeqEncoder


def inputs():
    torch.manual_seed(2213)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
