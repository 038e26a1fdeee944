# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.func import functional_call


class HyperLinear(nn.Module):
    """Hypernetwork: a context head predicts a weight offset applied through functional_call."""

    def __init__(self, dim: int = 4, out: int = 3):
        super().__init__()
        self.net = nn.Linear(dim, out)
        self.hyper = nn.Linear(dim, dim * out)

    def forward(self, x):
        delta = self.hyper(x.mean(0)).view_as(self.net.weight)
        params = {"weight": self.net.weight + 0.1 * delta, "bias": self.net.bias}
        return functional_call(self.net, params, (x,))


Model = HyperLinear


def inputs():
    torch.manual_seed(2805)
    return [(torch.randn(3, 4),), (torch.randn(6, 4),)]
