import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 8, n_experts: int = 3):
        super().__init__()
        self.gate = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n_experts)])

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(6, 8),), (torch.randn(4, 8),)]
