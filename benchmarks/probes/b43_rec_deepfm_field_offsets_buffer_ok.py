# ruff: noqa  (a probe is written as users write models)
import itertools
from dataclasses import dataclass, field
from typing import Tuple

import torch
from torch import nn


@dataclass
class DeepFMConfig:
    field_dims: Tuple[int, ...] = (5, 9, 4, 12)
    embed_dim: int = 6
    mlp_dims: Tuple[int, ...] = (16, 8)
    dropout: float = 0.2


class FeaturesEmbedding(nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.embedding = nn.Embedding(sum(field_dims), embed_dim)
        offsets = [0, *itertools.accumulate(field_dims)][:-1]
        self.register_buffer("offsets", torch.tensor(offsets, dtype=torch.long))
        nn.init.xavier_uniform_(self.embedding.weight)

    def forward(self, x):
        return self.embedding(x + self.offsets.unsqueeze(0))


class FeaturesLinear(nn.Module):
    def __init__(self, field_dims):
        super().__init__()
        self.fc = FeaturesEmbedding(field_dims, 1)
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return self.fc(x).sum(dim=1) + self.bias


class FactorizationMachine(nn.Module):
    def forward(self, e):
        square_of_sum = e.sum(dim=1) ** 2
        sum_of_square = (e ** 2).sum(dim=1)
        return 0.5 * (square_of_sum - sum_of_square).sum(dim=1, keepdim=True)


def mlp(in_dim, dims, dropout):
    layers = []
    for d in dims:
        layers += [nn.Linear(in_dim, d), nn.BatchNorm1d(d), nn.ReLU(), nn.Dropout(dropout)]
        in_dim = d
    layers.append(nn.Linear(in_dim, 1))
    return nn.Sequential(*layers)


class DeepFM(nn.Module):
    def __init__(self, cfg: DeepFMConfig = DeepFMConfig()):
        super().__init__()
        self.linear = FeaturesLinear(cfg.field_dims)
        self.embedding = FeaturesEmbedding(cfg.field_dims, cfg.embed_dim)
        self.fm = FactorizationMachine()
        self.embed_output_dim = len(cfg.field_dims) * cfg.embed_dim
        self.mlp = mlp(self.embed_output_dim, cfg.mlp_dims, cfg.dropout)

    def forward(self, x):
        e = self.embedding(x)
        logit = self.linear(x) + self.fm(e) + self.mlp(e.view(-1, self.embed_output_dim))
        return torch.sigmoid(logit.squeeze(1))


Model = DeepFM


def inputs():
    torch.manual_seed(4310)
    mk = lambda n: torch.stack([torch.randint(0, d, (n,)) for d in (5, 9, 4, 12)], dim=1)
    return [(mk(4),), (mk(6),)]
