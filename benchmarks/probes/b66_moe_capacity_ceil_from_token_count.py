# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Token-choice routing with an expert capacity computed from the token count; tokens
    beyond an expert's capacity are dropped (position in expert via cumsum of one-hots)."""

    def __init__(self, d: int = 4, n_experts: int = 2, capacity_factor: float = 1.0):
        super().__init__()
        self.gate = nn.Linear(d, n_experts)
        self.experts = nn.Parameter(torch.randn(n_experts, d, d) * 0.3)
        self.n_experts = n_experts
        self.capacity_factor = capacity_factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        tokens = x.shape[0]
        capacity = math.ceil(tokens / self.n_experts * self.capacity_factor)  # breaks: trace
        expert = self.gate(x).argmax(-1)
        onehot = F.one_hot(expert, self.n_experts)
        position = (onehot.cumsum(0) - 1) * onehot
        kept = (position < capacity) & (onehot > 0)
        routed = torch.einsum("td,edh->teh", x, self.experts)
        return (routed * kept.unsqueeze(-1)).sum(1)


def inputs():
    torch.manual_seed(6617)
    return [(torch.randn(6, 4),), (torch.randn(9, 4),)]
