# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Positive:
    """Descriptor: reading self.<name> returns softplus of the raw parameter stored as <name>_raw."""

    def __set_name__(self, owner, name):
        self.raw = name + "_raw"

    def __get__(self, obj, objtype=None):
        return nn.functional.softplus(getattr(obj, self.raw))


class ScaledRBFKernel(nn.Module):
    """Gaussian process: RBF kernel whose lengthscale is a descriptor-backed positive parameter."""

    lengthscale = Positive()

    def __init__(self, d: int = 3):
        super().__init__()
        self.lengthscale_raw = nn.Parameter(torch.zeros(d))

    def forward(self, x, z):
        diff = (x.unsqueeze(1) - z.unsqueeze(0)) / self.lengthscale
        return torch.exp(-0.5 * diff.pow(2).sum(-1))


Model = ScaledRBFKernel


def inputs():
    torch.manual_seed(5413)
    return [(torch.randn(4, 3), torch.randn(5, 3)), (torch.randn(2, 3), torch.randn(6, 3))]
