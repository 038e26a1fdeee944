# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DeepSets(nn.Module):
    """Permutation-invariant set encoder: phi per element, summed with the sum() builtin."""

    def __init__(self, dim: int = 3, hidden: int = 8):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU())
        self.rho = nn.Linear(hidden, 2)

    def forward(self, elems):
        pooled = sum(self.phi(elems)) / elems.shape[0]
        return self.rho(pooled)


Model = DeepSets


def inputs():
    torch.manual_seed(2811)
    return [(torch.randn(5, 3),), (torch.randn(2, 3),)]
