import torch
import torch.nn as nn
import torch.nn.functional as F


class SwiGLUExpert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TopKRouter(nn.Module):
    def __init__(self, dim, n_experts, k=2, jitter=0.01):
        super().__init__()
        self.gate = nn.Linear(dim, n_experts, bias=False)
        self.k, self.jitter = k, jitter

    def forward(self, x):
        logits = self.gate(x)
        if self.training and self.jitter > 0:
            logits = logits * torch.empty_like(logits).uniform_(1 - self.jitter, 1 + self.jitter)
        weights, idx = torch.topk(logits.softmax(-1), self.k, dim=-1)
        return weights / weights.sum(-1, keepdim=True), idx


class SparseMoE(nn.Module):
    def __init__(self, dim=16, hidden=32, n_experts=4, k=2):
        super().__init__()
        self.router = TopKRouter(dim, n_experts, k)
        self.experts = nn.ModuleList(SwiGLUExpert(dim, hidden) for _ in range(n_experts))

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        weights, idx = self.router(x)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            token_idx, slot = torch.where(idx == e)
            if token_idx.numel() == 0:
                continue
            y = expert(x[token_idx]) * weights[token_idx, slot, None]
            out.index_add_(0, token_idx, y)
        return out.reshape(shape)


Model = SparseMoE


def inputs():
    torch.manual_seed(295)
    return [
        (torch.randn(2, 6, 16),),
        (torch.randn(1, 3, 16),),
    ]
