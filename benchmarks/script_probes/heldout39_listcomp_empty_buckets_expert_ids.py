# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class TopOneMoE(nn.Module):
    """Mixture of experts that groups token positions per expert before dispatch."""

    def __init__(self, dim: int = 8, experts: int = 3):
        super().__init__()
        self.gate = nn.Linear(dim, experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(experts)])
        self.num_experts = experts

    def forward(self, x: Tensor) -> Tensor:
        choice = self.gate(x).argmax(-1)
        groups = [[] for _ in range(self.num_experts)]
        for pos in range(x.shape[0]):
            groups[int(choice[pos])].append(pos)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            if len(groups[e]) > 0:
                idx = torch.tensor(groups[e], dtype=torch.long)
                out[idx] = expert(x[idx])
        return out


Model = TopOneMoE


def inputs():
    torch.manual_seed(3915)
    return [(torch.randn(6, 8),), (torch.randn(4, 8),)]
