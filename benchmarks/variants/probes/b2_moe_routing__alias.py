import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, n_experts: int = 3):
        super().__init__()
        self.gate = tnn.Linear(dim, n_experts)
        self.experts = tnn.ModuleList([tnn.Linear(dim, dim) for _ in range(n_experts)])

    def forward(self, x):
        choice = self.gate(x).argmax(-1)
        out = T.zeros_like(x)
        for e, expert in enumerate(self.experts):
            idx = (choice == e).nonzero(as_tuple=True)[0]
            out[idx] = expert(x[idx])
        return out


def inputs():
    return [(T.randn(6, 8),), (T.randn(4, 8),)]
