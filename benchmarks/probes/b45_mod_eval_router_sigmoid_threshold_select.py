# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, dim, heads=2):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class MoDBlock(nn.Module):
    """Mixture-of-Depths: a router picks which tokens go through the block."""

    def __init__(self, dim, capacity_factor=0.5):
        super().__init__()
        self.block = Block(dim)
        self.router = nn.Linear(dim, 1)
        self.aux_router = nn.Linear(dim, 1)  # causal predictor used at inference
        self.capacity_factor = capacity_factor

    def forward(self, x):
        b, s, d = x.shape
        weights = self.router(x).squeeze(-1)
        if self.training:
            k = max(1, int(math.ceil(s * self.capacity_factor)))
            top_w, idx = torch.topk(weights, k, dim=1, sorted=False)
            idx, order = torch.sort(idx, dim=1)
            top_w = torch.gather(top_w, 1, order)
            sel = torch.gather(x, 1, idx.unsqueeze(-1).expand(-1, -1, d))
            out = self.block(sel) * torch.sigmoid(top_w).unsqueeze(-1)
            return x.scatter_add(1, idx.unsqueeze(-1).expand(-1, -1, d), out - sel)
        # inference: per-token decision from the auxiliary predictor (causal, no top-k)
        keep = torch.sigmoid(self.aux_router(x).squeeze(-1)) > 0.5
        out = x.clone()
        for i in range(b):
            tokens = x[i][keep[i]]
            if tokens.shape[0] == 0:
                continue
            processed = self.block(tokens.unsqueeze(0)).squeeze(0)
            out[i][keep[i]] = tokens + (processed - tokens) * torch.sigmoid(weights[i][keep[i]]).unsqueeze(-1)
        return out


class MoDLM(nn.Module):
    def __init__(self, vocab=20, dim=16, depth=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(MoDBlock(dim) for _ in range(depth))
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return F.log_softmax(self.head(x), dim=-1)


Model = MoDLM


def inputs():
    torch.manual_seed(4506)
    return [(torch.randint(0, 20, (2, 7)),), (torch.randint(0, 20, (2, 7)),), (torch.randint(0, 20, (3, 5)),)]
