# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DoublePrecisionPotential(nn.Module):
    """Physics: pair potential computed with float64 as the default dtype, restored afterwards."""

    def __init__(self):
        super().__init__()
        self.eps = nn.Parameter(torch.tensor(0.5))

    def forward(self, pos):
        prev = torch.get_default_dtype()
        torch.set_default_dtype(torch.float64)
        r = torch.cdist(pos.double(), pos.double()) + torch.eye(pos.shape[0])
        e = self.eps.double() * ((1.0 / r) ** 12 - (1.0 / r) ** 6)
        e = e.triu(1).sum()
        torch.set_default_dtype(prev)
        return e.float()


Model = DoublePrecisionPotential


def inputs():
    torch.manual_seed(5513)
    return [(torch.randn(5, 3) * 2,), (torch.randn(7, 3) * 2,)]
