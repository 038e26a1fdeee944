# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ResidualAdd(nn.Module):
    """Mixed-precision residual: both branches are cast to their promoted dtype before adding."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, skip):
        y = self.fc(x)
        dtype = torch.promote_types(y.dtype, skip.dtype)
        return y.to(dtype) + skip.to(dtype)


Model = ResidualAdd


def inputs():
    torch.manual_seed(2719)
    return [
        (torch.randn(3, 6), torch.randn(3, 6, dtype=torch.float64)),
        (torch.randn(2, 4, 6), torch.randn(2, 4, 6).half()),
    ]
