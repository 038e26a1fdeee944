# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class TopKRouter(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.Parameter(torch.randn(num_experts, dim, dim) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits = self.gate(x)
        top = logits.topk(self.k, dim=-1)
        weights = top.values.softmax(-1)
        chosen = self.experts[top.indices]
        y = torch.einsum("bd,bkde->bke", x, chosen)
        peak = logits.max(dim=-1).values.unsqueeze(-1)
        return (weights.unsqueeze(-1) * y).sum(1) + peak


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = TopKRouter()

    def forward(self, x):
        return self.router(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 8),), (torch.randn(6, 8),)]
