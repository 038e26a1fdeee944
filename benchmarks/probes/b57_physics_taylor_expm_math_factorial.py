# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SO3Exponential(nn.Module):
    """Physics/robotics: predicts a skew-symmetric generator and maps it to a rotation with a
    truncated Taylor series; each term is divided by math.factorial(k)."""

    def __init__(self, d_in: int = 6, order: int = 8):
        super().__init__()
        self.gen = nn.Linear(d_in, 9)
        self.order = order

    def forward(self, x):
        a = self.gen(x).view(-1, 3, 3)
        a = 0.5 * (a - a.transpose(1, 2))
        term = torch.eye(3, dtype=a.dtype).expand_as(a)
        out = term
        for k in range(1, self.order + 1):
            term = term @ a
            out = out + term / math.factorial(k)
        return out


Model = SO3Exponential


def inputs():
    torch.manual_seed(5707)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
