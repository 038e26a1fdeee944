# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HopMixer(nn.Module):
    """Graph feature mixer: powers of the adjacency, weighted per hop."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.hops = [1, 2, 3]
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, adj):
        weights = [1.0 / x for x in self.hops]
        h = self.lin(x)
        out = torch.zeros_like(h)
        prop = h
        for w in weights:
            prop = adj @ prop
            out = out + w * prop
        return out


Model = HopMixer


def inputs():
    torch.manual_seed(2611)
    a3 = (torch.rand(3, 3) > 0.5).float()
    a5 = (torch.rand(5, 5) > 0.5).float()
    return [(torch.randn(3, 4), a3), (torch.randn(5, 4), a5)]
