# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.nn.utils import parameters_to_vector


class EWCClassifier(nn.Module):
    """Continual learning: forward also returns an EWC penalty on the flattened parameter vector."""

    def __init__(self, d: int = 6, classes: int = 3, lam: float = 0.1):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 8), nn.ReLU(), nn.Linear(8, classes))
        n = sum(p.numel() for p in self.net.parameters())
        self.register_buffer("anchor", torch.zeros(n))
        self.register_buffer("fisher", torch.ones(n))
        self.lam = lam

    def forward(self, x: Tensor):
        theta = parameters_to_vector(self.net.parameters())
        penalty = (self.fisher * (theta - self.anchor).pow(2)).sum()
        return self.net(x), self.lam * penalty


Model = EWCClassifier


def inputs():
    torch.manual_seed(5211)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
