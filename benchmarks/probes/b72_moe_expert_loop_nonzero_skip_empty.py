# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Expert(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.ff(x)


class Model(nn.Module):
    """Switch-style top-1 MoE layer: tokens gathered per expert, empty experts skipped."""

    def __init__(self, dim: int = 6, n_experts: int = 4):
        super().__init__()
        self.router = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList(Expert(dim) for _ in range(n_experts))

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        gate = self.router(tokens).softmax(-1)
        weight, choice = gate.max(-1)
        out = torch.zeros_like(tokens)
        for e, expert in enumerate(self.experts):
            idx = (choice == e).nonzero(as_tuple=True)[0]  # breaks: script
            if idx.numel() == 0:  # breaks: compile,export,trace
                continue
            out[idx] = expert(tokens[idx]) * weight[idx, None]
        return out


def inputs():
    torch.manual_seed(7226)
    return [(torch.randn(2, 6),), (torch.randn(10, 6),)]
