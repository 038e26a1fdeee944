# ruff: noqa  (a probe is written as users write models)
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F


def default_config(**overrides):
    cfg = SimpleNamespace(
        num_features=6,
        cat_cardinalities=(5, 7),
        d_embed=8,
        hidden=32,
        dropout=0.0,
        clip_value=5.0,
        residual_scale=0.5,
    )
    for k, v in overrides.items():
        setattr(cfg, k, v)
    return cfg


class ResidualMLPBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        # plain attributes copied out of the config: forward never touches cfg
        self.dropout = float(cfg.dropout)
        self.residual_scale = float(cfg.residual_scale)
        self.norm = nn.BatchNorm1d(cfg.hidden)
        self.fc1 = nn.Linear(cfg.hidden, cfg.hidden)
        self.fc2 = nn.Linear(cfg.hidden, cfg.hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.fc2(F.dropout(F.relu(self.fc1(self.norm(x))), self.dropout, self.training))
        return x + self.residual_scale * h


class Model(nn.Module):
    """Tabular regressor: numeric features (clipped) + categorical embeddings -> residual MLP."""

    def __init__(self):
        super().__init__()
        cfg = default_config(dropout=0.1)
        self.clip_value = float(cfg.clip_value)
        self.embeds = nn.ModuleList([nn.Embedding(n, cfg.d_embed) for n in cfg.cat_cardinalities])
        d_in = cfg.num_features + cfg.d_embed * len(cfg.cat_cardinalities)
        self.inp = nn.Linear(d_in, cfg.hidden)
        self.blocks = nn.Sequential(ResidualMLPBlock(cfg), ResidualMLPBlock(cfg))
        self.out = nn.Linear(cfg.hidden, 1)

    def forward(self, num: torch.Tensor, cat: torch.Tensor) -> torch.Tensor:
        num = num.clamp(-self.clip_value, self.clip_value)
        embs = [emb(cat[:, i]) for i, emb in enumerate(self.embeds)]
        h = self.inp(torch.cat([num] + embs, dim=1))
        return self.out(self.blocks(h)).squeeze(-1)


def inputs():
    torch.manual_seed(5804)
    return [
        (torch.randn(8, 6) * 4, torch.stack([torch.randint(0, 5, (8,)), torch.randint(0, 7, (8,))], 1)),
        (torch.randn(5, 6) * 4, torch.stack([torch.randint(0, 5, (5,)), torch.randint(0, 7, (5,))], 1)),
    ]
