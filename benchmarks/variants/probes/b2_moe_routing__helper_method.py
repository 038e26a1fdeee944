import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, n_experts: int = 3):
        super().__init__()
        self.gate = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n_experts)])

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        choice = self.gate(x).argmax(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            idx = (choice == e).nonzero(as_tuple=True)[0]
            out[idx] = expert(x[idx])
        return out


def inputs():
    return [(torch.randn(6, 8),), (torch.randn(4, 8),)]
