# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Top1Router(nn.Module):
    def __init__(self, d: int, n_experts: int):
        super().__init__()
        self.gate = nn.Linear(d, n_experts, bias=False)

    def forward(self, x: torch.Tensor):
        probs = self.gate(x).softmax(-1)
        weight, expert = probs.max(dim=-1)
        return weight, expert


class Model(nn.Module):
    """Switch-style MoE: tokens are dispatched to their top-1 expert; experts that received
    no token are skipped."""

    def __init__(self, d: int = 4, n_experts: int = 3):
        super().__init__()
        self.router = Top1Router(d, n_experts)
        self.experts = nn.ModuleList(nn.Linear(d, d) for _ in range(n_experts))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        weight, expert = self.router(x)
        out = torch.zeros_like(x)
        for e, ffn in enumerate(self.experts):
            idx = torch.where(expert == e)[0]
            if idx.numel() == 0:  # breaks: compile,export,trace
                continue  # breaks: script
            out[idx] = ffn(x[idx]) * weight[idx, None]
        return out


def inputs():
    torch.manual_seed(6615)
    return [(torch.randn(6, 4),), (torch.randn(6, 4) * 4,)]
