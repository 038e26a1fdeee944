# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters


class HyperMLP(nn.Module):
    """A hypernetwork writes the target net's flat weight vector, then the target runs."""

    def __init__(self, cond_dim=4, dim=6):
        super().__init__()
        self.target = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, 2))
        n = parameters_to_vector(self.target.parameters()).numel()
        self.hyper = nn.Linear(cond_dim, n)

    def forward(self, x, cond):
        flat = self.hyper(cond.mean(0))
        vector_to_parameters(flat, self.target.parameters())
        return self.target(x)


Model = HyperMLP


def inputs():
    torch.manual_seed(4905)
    return [
        (torch.randn(3, 6), torch.randn(2, 4)),
        (torch.randn(5, 6), torch.randn(4, 4) * 2),
    ]
