# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.func import hessian


class HarmonicCurvature(nn.Module):
    """Physics: a learned scalar energy per configuration; its Hessian (torch.func.hessian) gives the curvature trace."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 1))

    def energy(self, q):
        return self.net(q).sum()

    def forward(self, q):
        h = torch.stack([hessian(self.energy)(qi) for qi in q.unbind(0)])
        return h.diagonal(dim1=-2, dim2=-1).sum(-1)


Model = HarmonicCurvature


def inputs():
    torch.manual_seed(5506)
    return [(torch.randn(4, 3),), (torch.randn(2, 3),)]
