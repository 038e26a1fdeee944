# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class InvertibleLinearFlow(nn.Module):
    """Normalizing flow: one invertible linear layer; the log-likelihood adds log|det W| from
    torch.linalg.slogdet to a standard-normal base density."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.d = d
        self.weight = nn.Parameter(torch.linalg.qr(torch.randn(d, d))[0])
        self.bias = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        z = x @ self.weight.t() + self.bias
        _, logabsdet = torch.linalg.slogdet(self.weight)
        log_base = -0.5 * z.pow(2).sum(dim=-1) - 0.5 * self.d * math.log(2 * math.pi)
        return log_base + logabsdet


Model = InvertibleLinearFlow


def inputs():
    torch.manual_seed(5729)
    return [(torch.randn(5, 4),), (torch.randn(2, 3, 4),)]
