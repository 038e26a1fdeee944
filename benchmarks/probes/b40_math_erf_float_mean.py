# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class GaussianCDFGate(nn.Module):
    """Gates activations by the Gaussian CDF of the batch mean, computed with math.erf."""

    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        mean = float(h.mean())
        gate = 0.5 * (1.0 + math.erf(mean / math.sqrt(2.0)))
        return h * gate


Model = GaussianCDFGate


def inputs():
    torch.manual_seed(4019)
    return [(torch.randn(4, 6),), (torch.randn(4, 6) + 1.0,), (torch.randn(2, 6),)]
