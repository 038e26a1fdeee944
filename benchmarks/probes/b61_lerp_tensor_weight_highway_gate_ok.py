# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Highway-style sequence layer whose carry gate is applied with torch.lerp and a tensor
    weight: h = lerp(skip(x), tanh(W x), sigmoid(G x))."""

    def __init__(self, dim: int = 12, hidden: int = 16):
        super().__init__()
        self.gate = nn.Linear(dim, hidden)
        self.h = nn.Linear(dim, hidden)
        self.skip = nn.Linear(dim, hidden, bias=False)
        self.out = nn.Linear(hidden, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = torch.sigmoid(self.gate(x))
        h = torch.lerp(self.skip(x), torch.tanh(self.h(x)), z)
        return self.out(h.mean(1))


def inputs():
    torch.manual_seed(6130)
    return [(torch.randn(2, 6, 12),), (torch.randn(3, 9, 12),)]
