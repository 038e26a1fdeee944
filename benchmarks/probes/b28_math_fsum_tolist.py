import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Sum-normalised pooling with an exact host-side total."""

    def __init__(self, dim=10):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        w = self.score(x).squeeze(-1).exp()
        total = math.fsum(w.flatten().tolist())  # breaks: compile,export,trace
        return (w[..., None] * x).sum(1) / total


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(2, 7, 10),), (torch.randn(1, 3, 10),)]
