# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Top1Router(nn.Module):
    def __init__(self, dim: int, n_experts: int):
        super().__init__()
        self.n_experts = n_experts
        self.proj = nn.Linear(dim, n_experts, bias=False)

    def forward(self, x: torch.Tensor):
        probs = self.proj(x).softmax(-1)
        gate, choice = probs.max(-1)
        load = torch.nn.functional.one_hot(choice, self.n_experts).sum(0)
        return gate, choice, load


class Model(nn.Module):
    """Dispatch into a dense (experts, capacity, dim) buffer sized by the busiest expert."""

    def __init__(self, dim: int = 8, n_experts: int = 3, min_capacity: int = 2):
        super().__init__()
        self.router = Top1Router(dim, n_experts)
        self.w = nn.Parameter(torch.randn(n_experts, dim, dim) * 0.2)
        self.min_capacity = min_capacity

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gate, choice, load = self.router(x)
        capacity = max(self.min_capacity, load.max().item())  # breaks: compile,trace
        onehot = F.one_hot(choice, self.w.size(0))
        slot = (onehot.cumsum(0) - 1).mul(onehot).sum(-1)
        buf = x.new_zeros(self.w.size(0), capacity, x.size(-1))
        buf[choice, slot] = x
        y = torch.einsum("ecd,edf->ecf", buf, self.w)
        return y[choice, slot] * gate.unsqueeze(-1)


def inputs():
    torch.manual_seed(6913)
    return [(torch.randn(9, 8),), (torch.randn(9, 8) * 3,)]
