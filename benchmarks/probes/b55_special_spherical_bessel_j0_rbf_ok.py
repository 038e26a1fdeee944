# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class BesselRadialBasis(nn.Module):
    """Molecular GNN: interatomic distances expanded in spherical Bessel j0 functions with learned frequencies."""

    def __init__(self, n_rbf: int = 6, cutoff: float = 5.0):
        super().__init__()
        self.freq = nn.Parameter(torch.arange(1, n_rbf + 1, dtype=torch.float32) * math.pi)
        self.cutoff = cutoff
        self.out = nn.Linear(n_rbf, 4)

    def forward(self, pos):
        d = torch.cdist(pos, pos).unsqueeze(-1) / self.cutoff
        basis = torch.special.spherical_bessel_j0(self.freq * d)
        env = (d < 1.0).to(d.dtype) * 0.5 * (torch.cos(math.pi * d) + 1.0)
        return self.out(basis * env).sum(1)


Model = BesselRadialBasis


def inputs():
    torch.manual_seed(5518)
    return [(torch.randn(5, 3) * 2,), (torch.randn(8, 3) * 2,)]
