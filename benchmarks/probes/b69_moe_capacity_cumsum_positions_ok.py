# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class MoEConfig:
    dim: int = 8
    n_experts: int = 4
    capacity: int = 3


class Expert(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(self.fc(x))


class Model(nn.Module):
    """Switch-style top-1 routing with a fixed expert capacity: tokens past capacity are dropped
    (their slot position, a cumulative count per expert, exceeds the capacity)."""

    def __init__(self, cfg: MoEConfig = MoEConfig()):
        super().__init__()
        self.capacity = cfg.capacity
        self.n_experts = cfg.n_experts
        self.router = nn.Linear(cfg.dim, cfg.n_experts)
        self.experts = nn.ModuleList([Expert(cfg.dim) for _ in range(cfg.n_experts)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        probs = self.router(x).softmax(-1)
        gate, choice = probs.max(-1)
        onehot = F.one_hot(choice, self.n_experts).to(x.dtype)
        position = (onehot.cumsum(0) * onehot).sum(-1)
        keep = (position <= self.capacity).to(x.dtype)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            routed = (choice == e).to(x.dtype) * keep
            out = out + routed.unsqueeze(-1) * expert(x)
        return out * gate.unsqueeze(-1)


def inputs():
    torch.manual_seed(6912)
    return [(torch.randn(10, 8),), (torch.randn(16, 8),)]
