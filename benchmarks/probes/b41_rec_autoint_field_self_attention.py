# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class AutoIntConfig:
    field_dims: List[int] = field(default_factory=lambda: [10, 7, 13, 5])
    embed_dim: int = 8
    att_dim: int = 8
    num_heads: int = 2
    num_layers: int = 2
    use_residual: bool = True


class InteractingLayer(nn.Module):
    def __init__(self, in_dim: int, att_dim: int, num_heads: int, use_residual: bool = True):
        super().__init__()
        assert att_dim % num_heads == 0
        self.num_heads = num_heads
        self.W_q = nn.Linear(in_dim, att_dim, bias=False)
        self.W_k = nn.Linear(in_dim, att_dim, bias=False)
        self.W_v = nn.Linear(in_dim, att_dim, bias=False)
        self.W_res = nn.Linear(in_dim, att_dim, bias=False) if use_residual else None

    def forward(self, x):
        b, f, _ = x.shape
        q, k, v = (w(x).view(b, f, self.num_heads, -1) for w in (self.W_q, self.W_k, self.W_v))
        scores = torch.einsum("bfhd,bghd->bhfg", q, k)
        attn = F.softmax(scores, dim=-1)
        out = torch.einsum("bhfg,bghd->bfhd", attn, v).reshape(b, f, -1)
        if self.W_res is not None:
            out = out + self.W_res(x)
        return F.relu(out)


class AutoInt(nn.Module):
    def __init__(self, cfg: AutoIntConfig = AutoIntConfig()):
        super().__init__()
        self.embedding = nn.Embedding(sum(cfg.field_dims), cfg.embed_dim)
        offsets = torch.tensor([0, *torch.tensor(cfg.field_dims).cumsum(0)[:-1].tolist()], dtype=torch.long)
        self.register_buffer("offsets", offsets, persistent=False)
        dims = [cfg.embed_dim] + [cfg.att_dim] * cfg.num_layers
        self.layers = nn.ModuleList(
            InteractingLayer(dims[i], cfg.att_dim, cfg.num_heads, cfg.use_residual) for i in range(cfg.num_layers)
        )
        self.linear = nn.Embedding(sum(cfg.field_dims), 1)
        self.fc = nn.Linear(len(cfg.field_dims) * cfg.att_dim, 1)

    @property
    def num_fields(self) -> int:
        return self.offsets.numel()

    def forward(self, x_cat):
        assert x_cat.size(1) == self.num_fields, "one id per field"
        ids = x_cat + self.offsets.unsqueeze(0)
        h = self.embedding(ids)
        for layer in self.layers:
            h = layer(h)
        logit = self.fc(h.flatten(1)) + self.linear(ids).sum(dim=1)
        return torch.sigmoid(logit.squeeze(1))


Model = AutoInt


def inputs():
    torch.manual_seed(4105)
    def batch(n):
        return torch.stack([torch.randint(0, d, (n,)) for d in (10, 7, 13, 5)], dim=1)
    return [(batch(4),), (batch(6),)]
