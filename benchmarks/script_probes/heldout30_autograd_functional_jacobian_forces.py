# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.autograd.functional import jacobian


class EnergyModel(nn.Module):
    """Learned potential; the forces are minus the Jacobian of the energy w.r.t. positions."""

    def __init__(self, dim: int = 3):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, 16), nn.Tanh(), nn.Linear(16, 1))

    def energy(self, pos: Tensor) -> Tensor:
        return self.mlp(pos).sum()

    def forward(self, pos: Tensor) -> Tensor:
        return -jacobian(self.energy, pos)


Model = EnergyModel


def inputs():
    torch.manual_seed(3007)
    return [(torch.randn(4, 3),), (torch.randn(7, 3),)]
