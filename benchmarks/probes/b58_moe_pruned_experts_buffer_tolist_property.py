# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Expert(nn.Module):
    def __init__(self, d: int, hidden: int):
        super().__init__()
        self.w1 = nn.Linear(d, hidden)
        self.w2 = nn.Linear(hidden, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.w2(F.gelu(self.w1(x)))


class PrunableMoE(nn.Module):
    """Soft-mixture MoE layer whose experts can be switched off after training; the switch
    is a persistent buffer so that a pruned checkpoint reloads with the same experts."""

    def __init__(self, d: int = 16, n_experts: int = 4, hidden: int = 32):
        super().__init__()
        self.experts = nn.ModuleList([Expert(d, hidden) for _ in range(n_experts)])
        self.router = nn.Linear(d, n_experts)
        self.register_buffer("expert_on", torch.tensor([True, False, True, True]))

    @property
    def active_experts(self) -> List[int]:
        return self.expert_on.nonzero().flatten().tolist()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        active = self.active_experts
        all_logits = self.router(x)
        logits = torch.stack([all_logits[..., i] for i in active], dim=-1)
        gates = logits.softmax(dim=-1)
        out = torch.zeros_like(x)
        for slot, idx in enumerate(active):
            out = out + gates[..., slot : slot + 1] * self.experts[idx](x)
        return out


class Block(nn.Module):
    def __init__(self, d: int = 16):
        super().__init__()
        self.norm1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)
        self.norm2 = nn.LayerNorm(d)
        self.moe = PrunableMoE(d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.moe(self.norm2(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 16)
        self.block = Block()
        self.lm_head = nn.Linear(16, 50)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.lm_head(self.block(self.embed(ids)))


def inputs():
    torch.manual_seed(5807)
    return [(torch.randint(0, 50, (2, 7)),), (torch.randint(0, 50, (3, 4)),)]
