import torch
import torch.nn.functional as F
from torch import Tensor, nn


class ExpertFFN(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear(hidden, dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.w2(F.gelu(self.w1(x)))


class ExpertChoiceRouter(nn.Module):
    """Each expert picks its own top tokens (Zhou et al. 2022)."""

    def __init__(self, dim: int, num_experts: int, capacity_factor: float = 1.5):
        super().__init__()
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor

    def forward(self, tokens: Tensor):
        n = tokens.shape[0]
        capacity = int(n * self.capacity_factor / self.num_experts)  # breaks: trace
        probs = self.gate(tokens).softmax(dim=-1)
        weights, idx = probs.t().topk(capacity, dim=-1)
        return weights, idx


class Model(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4):
        super().__init__()
        self.router = ExpertChoiceRouter(dim, num_experts)
        self.experts = nn.ModuleList(ExpertFFN(dim, 16) for _ in range(num_experts))

    def forward(self, x: Tensor) -> Tensor:
        b, t, d = x.shape
        flat = x.reshape(-1, d)
        weights, idx = self.router(flat)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            picked = flat[idx[e]]
            out = out.index_add(0, idx[e], expert(picked) * weights[e, :, None])
        return out.view(b, t, d)


def inputs():
    return [(torch.randn(2, 8, 8),), (torch.randn(3, 7, 8),)]
