# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SetPooling(nn.Module):
    """Permutation-invariant pooling whose reduction is named in the config ('mean', 'amax', 'sum')."""

    def __init__(self, dim=6, reduce="amax"):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, 16))
        self.rho = nn.Linear(16, 2)
        self.reduce_fn = getattr(torch, reduce)

    def forward(self, x):
        return self.rho(self.reduce_fn(self.phi(x), dim=1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = SetPooling(reduce="amax")
        self.b = SetPooling(reduce="mean")

    def forward(self, x):
        return self.a(x) + self.b(x)


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 8, 6),)]
