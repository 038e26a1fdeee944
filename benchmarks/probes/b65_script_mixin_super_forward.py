# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualMixin:
    def forward(self, x):
        return x + super().forward(x)  # breaks: script


class ResidualLinear(ResidualMixin, nn.Linear):
    pass


class Model(nn.Module):
    """Residual linear layers built by mixing a residual forward into nn.Linear."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.l1 = ResidualLinear(d, d)
        self.l2 = ResidualLinear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.l2(self.l1(x).tanh())


def inputs():
    torch.manual_seed(6524)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
