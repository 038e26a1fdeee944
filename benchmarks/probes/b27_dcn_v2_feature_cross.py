from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn


@dataclass
class DCNConfig:
    field_cardinalities: List[int] = field(default_factory=lambda: [50, 20, 10, 7])
    embed_dim: int = 8
    num_dense: int = 5
    cross_layers: int = 2
    deep_dims: tuple = (64, 32)
    low_rank: int = 4


class CrossLayerV2(nn.Module):
    def __init__(self, dim, rank=0):
        super().__init__()
        if rank > 0:
            self.proj = nn.Sequential(nn.Linear(dim, rank, bias=False), nn.Linear(rank, dim))
        else:
            self.proj = nn.Linear(dim, dim)

    def forward(self, x0, xl):
        return x0 * self.proj(xl) + xl


class DCNv2(nn.Module):
    def __init__(self, cfg: DCNConfig = DCNConfig()):
        super().__init__()
        self.cfg = cfg
        self.embeddings = nn.ModuleList(nn.Embedding(n, cfg.embed_dim) for n in cfg.field_cardinalities)
        dim = cfg.embed_dim * len(cfg.field_cardinalities) + cfg.num_dense
        self.cross = nn.ModuleList(CrossLayerV2(dim, cfg.low_rank) for _ in range(cfg.cross_layers))
        layers, prev = [], dim
        for h in cfg.deep_dims:
            layers += [nn.Linear(prev, h), nn.ReLU()]
            prev = h
        self.deep = nn.Sequential(*layers)
        self.logit = nn.Linear(prev + dim, 1)

    def forward(self, sparse: torch.Tensor, dense: torch.Tensor) -> torch.Tensor:
        emb = [table(sparse[:, i]) for i, table in enumerate(self.embeddings)]
        x0 = torch.cat(emb + [torch.log1p(dense.clamp_min(0))], dim=-1)
        xl = x0
        for layer in self.cross:
            xl = layer(x0, xl)
        out = self.logit(torch.cat([xl, self.deep(x0)], dim=-1))
        return torch.sigmoid(out).squeeze(-1)


Model = DCNv2


def _batch(b):
    cards = DCNConfig().field_cardinalities
    sparse = torch.stack([torch.randint(0, c, (b,)) for c in cards], dim=1)
    return sparse, torch.rand(b, 5) * 10


def inputs():
    torch.manual_seed(273)
    return [_batch(6), _batch(3)]
