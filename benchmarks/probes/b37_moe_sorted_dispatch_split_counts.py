# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ExpertFFN(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.w2(F.gelu(self.w1(x)))


class SortedDispatchMoE(nn.Module):
    """Token-choice top-k MoE: sort routed copies by expert, run each expert on its contiguous slice."""

    def __init__(self, dim=16, hidden=32, num_experts=4, top_k=2, normalize_weights=True):
        super().__init__()
        self.router = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(ExpertFFN(dim, hidden) for _ in range(num_experts))
        self.num_experts, self.top_k = num_experts, top_k
        self.normalize_weights = normalize_weights

    def route(self, flat):
        probs = self.router(flat).softmax(dim=-1)
        weights, expert_idx = probs.topk(self.top_k, dim=-1)
        if self.normalize_weights:
            weights = weights / weights.sum(dim=-1, keepdim=True)
        return weights, expert_idx

    def forward(self, x):
        b, t, d = x.shape
        flat = x.reshape(-1, d)
        weights, expert_idx = self.route(flat)
        flat_expert = expert_idx.reshape(-1)
        order = flat_expert.argsort(stable=True)
        token_of = order // self.top_k
        tokens_per_expert = torch.bincount(flat_expert, minlength=self.num_experts)
        chunks = flat[token_of].split(tokens_per_expert.tolist(), dim=0)
        expert_out = torch.cat([expert(chunk) for expert, chunk in zip(self.experts, chunks)], dim=0)
        expert_out = expert_out * weights.reshape(-1)[order].unsqueeze(-1)
        out = torch.zeros_like(flat).index_add_(0, token_of, expert_out)
        return out.view(b, t, d)


class MoEBlock(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.moe = SortedDispatchMoE(dim)

    def forward(self, x):
        return x + self.moe(self.norm(x))


Model = MoEBlock


def inputs():
    torch.manual_seed(3705)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 7, 16),)]
