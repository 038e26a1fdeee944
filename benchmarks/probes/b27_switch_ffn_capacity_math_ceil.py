import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ExpertFFN(nn.Module):
    def __init__(self, dim, hidden, act=nn.GELU):
        super().__init__()
        self.fc1, self.act, self.fc2 = nn.Linear(dim, hidden), act(), nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class SwitchFFN(nn.Module):
    def __init__(self, dim=16, hidden=32, n_experts=4, capacity_factor=1.25):
        super().__init__()
        self.n_experts, self.capacity_factor = n_experts, capacity_factor
        self.router = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList(ExpertFFN(dim, hidden) for _ in range(n_experts))

    def expert_capacity(self, num_tokens):
        return max(1, int(math.ceil(self.capacity_factor * num_tokens / self.n_experts)))

    def forward(self, x):
        B, T, D = x.shape
        tokens = x.reshape(-1, D)
        capacity = self.expert_capacity(tokens.shape[0])
        gate, expert_idx = self.router(tokens).softmax(-1).max(-1)
        onehot = F.one_hot(expert_idx, self.n_experts)
        pos = torch.cumsum(onehot, dim=0) * onehot - 1
        keep = (pos >= 0) & (pos < capacity)
        dispatch = F.one_hot(pos.clamp(0, capacity - 1), capacity) * keep.unsqueeze(-1)
        dispatch = dispatch.to(tokens.dtype)
        expert_in = torch.einsum("nec,nd->ecd", dispatch, tokens)
        expert_out = torch.stack([e(expert_in[i]) for i, e in enumerate(self.experts)])
        out = torch.einsum("nec,ecd->nd", dispatch, expert_out) * gate.unsqueeze(-1)
        return out.reshape(B, T, D)


class SwitchBlock(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.ffn = SwitchFFN(dim)

    def forward(self, x):
        return x + self.ffn(self.ln(x))


Model = SwitchBlock


def inputs():
    torch.manual_seed(296)
    return [
        (torch.randn(2, 8, 16),),
        (torch.randn(3, 10, 16),),
    ]
