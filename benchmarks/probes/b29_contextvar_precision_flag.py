from contextvars import ContextVar

import torch
from torch import nn

HIGH_PRECISION = ContextVar("high_precision", default=False)


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x):
        q, k = self.q(x), self.k(x)
        if HIGH_PRECISION.get():  # breaks: compile
            q, k = q.double(), k.double()
        scores = q @ k.transpose(-1, -2)
        return scores.float().softmax(-1)


def inputs():
    torch.manual_seed(43)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
