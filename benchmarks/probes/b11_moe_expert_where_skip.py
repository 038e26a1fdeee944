import torch
import torch.nn.functional as F
from torch import nn


class Expert(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.up = nn.Linear(dim, hidden)
        self.down = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.down(F.silu(self.up(x)))


class SparseMoE(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4, top_k: int = 2):
        super().__init__()
        self.top_k = top_k
        self.router = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(Expert(dim, 2 * dim) for _ in range(num_experts))

    def forward(self, x):
        b, t, d = x.shape
        flat = x.view(-1, d)
        weights, selected = self.router(flat).softmax(-1).topk(self.top_k, dim=-1)
        weights = weights / weights.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            token_idx, slot = torch.where(selected == e)
            if token_idx.numel() == 0:  # breaks: compile,export,trace
                continue
            contrib = expert(flat[token_idx]) * weights[token_idx, slot, None]
            out.index_add_(0, token_idx, contrib)
        return out.view(b, t, d)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.moe = SparseMoE()

    def forward(self, x):
        return self.moe(x)


def inputs():
    g0, g1 = torch.Generator().manual_seed(0), torch.Generator().manual_seed(2)
    return [(torch.randn(1, 3, 8, generator=g0),), (torch.randn(1, 3, 8, generator=g1),)]
