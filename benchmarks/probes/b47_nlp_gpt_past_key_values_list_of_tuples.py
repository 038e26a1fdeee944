# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

KV = Tuple[Tensor, Tensor]


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd: int, n_head: int):
        super().__init__()
        self.n_head = n_head
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)

    def forward(self, x: Tensor, layer_past: KV) -> Tuple[Tensor, KV]:
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        past_k, past_v = layer_past
        k = torch.cat((past_k, k), dim=-2)
        v = torch.cat((past_v, v), dim=-2)
        S = k.size(-2)
        # new queries sit at the end of the key sequence
        causal = torch.ones(T, S, dtype=torch.bool, device=x.device).tril(diagonal=S - T)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=causal)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y), (k, v)


class Block(nn.Module):
    def __init__(self, n_embd: int, n_head: int):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(approximate="tanh"), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x: Tensor, layer_past: KV) -> Tuple[Tensor, KV]:
        a, present = self.attn(self.ln_1(x), layer_past)
        x = x + a
        x = x + self.mlp(self.ln_2(x))
        return x, present


class GPT(nn.Module):
    def __init__(self, vocab_size=50, block_size=32, n_layer=2, n_head=2, n_embd=16):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.h = nn.ModuleList([Block(n_embd, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, idx: Tensor, past_key_values: List[KV]):
        past_length = past_key_values[0][0].size(-2)
        pos = torch.arange(past_length, past_length + idx.size(1), dtype=torch.long, device=idx.device)
        x = self.wte(idx) + self.wpe(pos).unsqueeze(0)
        presents: List[KV] = []
        for block, layer_past in zip(self.h, past_key_values):
            x, present = block(x, layer_past)
            presents.append(present)
        return self.lm_head(self.ln_f(x)), presents


Model = GPT


def inputs():
    torch.manual_seed(4723)

    def past(b, s):
        return [(torch.randn(b, 2, s, 8), torch.randn(b, 2, s, 8)) for _ in range(2)]

    return [(torch.randint(0, 50, (2, 3)), past(2, 5)), (torch.randint(0, 50, (1, 1)), past(1, 9))]
