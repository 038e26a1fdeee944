# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.func import jacrev


class ODEFunc(nn.Module):
    """Continuous normalizing flow dynamics: returns dz/dt and the exact divergence via jacrev."""

    def __init__(self, d: int = 3, hidden: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, hidden), nn.Tanh(), nn.Linear(hidden, d))

    def _batch_summed(self, z: Tensor) -> Tensor:
        # samples are independent, so d(sum_b f(z_b))/dz_b is each sample's Jacobian
        return self.net(z).sum(0)

    def forward(self, z: Tensor):
        dz = self.net(z)
        jac = jacrev(self._batch_summed)(z)
        div = jac.permute(1, 0, 2).diagonal(dim1=-2, dim2=-1).sum(-1)
        return dz, -div


Model = ODEFunc


def inputs():
    torch.manual_seed(5204)
    return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
