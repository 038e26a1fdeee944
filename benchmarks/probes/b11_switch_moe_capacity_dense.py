import math

import torch
import torch.nn.functional as F
from torch import nn


class Top1Router(nn.Module):
    def __init__(self, dim: int, num_experts: int, capacity_factor: float = 1.25):
        super().__init__()
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor
        self.gate = nn.Linear(dim, num_experts, bias=False)

    def capacity(self, num_tokens: int) -> int:
        return max(1, int(math.ceil(num_tokens / self.num_experts * self.capacity_factor)))

    def forward(self, tokens):
        logits = self.gate(tokens)
        probs = logits.softmax(-1)
        expert = probs.argmax(-1)
        mask = F.one_hot(expert, self.num_experts).to(tokens.dtype)
        position = torch.cumsum(mask, dim=0) * mask - 1
        cap = self.capacity(tokens.shape[0])
        mask = mask * (position < cap).to(mask.dtype)
        position = position.clamp(min=0).long()
        dispatch = mask.unsqueeze(-1) * F.one_hot(position, cap).to(tokens.dtype)
        combine = dispatch * (probs * mask).sum(-1)[:, None, None]
        return dispatch, combine


class SwitchFFN(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4, hidden: int = 16):
        super().__init__()
        self.router = Top1Router(dim, num_experts)
        self.w1 = nn.Parameter(torch.randn(num_experts, dim, hidden) * 0.1)
        self.w2 = nn.Parameter(torch.randn(num_experts, hidden, dim) * 0.1)

    def forward(self, x):
        shape = x.shape
        tokens = x.reshape(-1, shape[-1])
        dispatch, combine = self.router(tokens)
        expert_in = torch.einsum("tec,td->ecd", dispatch, tokens)
        h = F.gelu(torch.bmm(expert_in, self.w1))
        expert_out = torch.bmm(h, self.w2)
        out = torch.einsum("tec,ecd->td", combine, expert_out)
        return out.reshape(shape)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.moe = SwitchFFN()
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        return x + self.moe(self.norm(x))


def inputs():
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 4, 8),)]
