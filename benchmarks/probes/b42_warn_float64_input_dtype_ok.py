# ruff: noqa  (a probe is written as users write models)
import warnings

import torch
import torch.nn as nn


class Float32Regressor(nn.Module):
    """Warns (and casts) only when handed float64 input; float32 callers never reach the warning."""

    def __init__(self, d=5):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 8), nn.SiLU(), nn.Linear(8, 1))

    def forward(self, x):
        if x.dtype == torch.float64:
            warnings.warn("Float32Regressor received float64 input; casting to float32")
            x = x.float()
        return self.net(x).squeeze(-1)


Model = Float32Regressor


def inputs():
    torch.manual_seed(4227)
    return [(torch.randn(4, 5),), (torch.randn(2, 5),), (torch.randn(3, 5) * 3,)]
