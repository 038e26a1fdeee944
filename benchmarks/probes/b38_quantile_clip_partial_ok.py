# ruff: noqa  (a probe is written as users write models)
from functools import partial

import torch
import torch.nn as nn

upper_q = partial(torch.quantile, q=0.95, dim=-1, keepdim=True)


class RobustScaler(nn.Module):
    """Clips every row at its 95th percentile, then rescales by it."""

    def __init__(self, dim=10):
        super().__init__()
        self.fc = nn.Linear(dim, 3)

    def forward(self, x):
        hi = upper_q(x.abs())
        x = torch.minimum(x, hi).maximum(-hi) / hi.clamp_min(1e-6)
        return self.fc(x)


Model = RobustScaler


def inputs():
    torch.manual_seed(3825)
    return [(torch.randn(4, 10),), (torch.randn(2, 10) * 5.0,)]
