import torch
import torch.nn.functional as F
from torch import nn


class TopKRouter(nn.Module):
    def __init__(self, dim: int, num_experts: int, top_k: int = 1):
        super().__init__()
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.num_experts = num_experts
        self.top_k = top_k

    def forward(self, x):
        probs = F.softmax(self.gate(x), dim=-1)
        weight, expert_idx = probs.topk(self.top_k, dim=-1)
        return weight.squeeze(-1), expert_idx.squeeze(-1)


class SparseMoE(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16, num_experts: int = 4):
        super().__init__()
        self.router = TopKRouter(dim, num_experts)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))
            for _ in range(num_experts)
        )

    def forward(self, hidden_states):
        shape = hidden_states.shape
        tokens = hidden_states.reshape(-1, shape[-1])
        weight, expert_idx = self.router(tokens)
        order = expert_idx.argsort()
        counts = torch.bincount(expert_idx, minlength=len(self.experts))  # breaks: compile
        chunks = tokens[order].split(counts.tolist())  # breaks: compile,export,trace
        outs = [expert(chunk) for expert, chunk in zip(self.experts, chunks)]
        out = torch.empty_like(tokens)
        out[order] = torch.cat(outs) * weight[order, None]
        return out.reshape(shape)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(8)
        self.moe = SparseMoE()

    def forward(self, x):
        return x + self.moe(self.norm(x))


def inputs():
    torch.manual_seed(1)
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 3, 8) * 3 + 1,)]
