import heapq

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        top = heapq.nlargest(2, range(len(s)), key=lambda i: s[i])  # breaks: compile,export,trace
        return x[top].mean(0)


def inputs():
    return [(torch.randn(5, 8),), (torch.randn(5, 8),)]
