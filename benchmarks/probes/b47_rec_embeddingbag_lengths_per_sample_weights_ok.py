# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def lengths_to_offsets(lengths: Tensor) -> Tensor:
    return torch.cat([lengths.new_zeros(1), torch.cumsum(lengths, dim=0)[:-1]])


class WeightedSparseArch(nn.Module):
    """Weighted multi-hot features (e.g. 'watched genres' with dwell-time weights)."""

    def __init__(self, num_embeddings_per_feature: List[int], embedding_dim: int):
        super().__init__()
        self.embedding_bags = nn.ModuleList(
            nn.EmbeddingBag(n, embedding_dim, mode="sum", include_last_offset=False) for n in num_embeddings_per_feature
        )

    def forward(self, ids: List[Tensor], lengths: List[Tensor], weights: List[Tensor]) -> Tensor:
        pooled = []
        for bag, values, lens, w in zip(self.embedding_bags, ids, lengths, weights):
            offsets = lengths_to_offsets(lens)
            pooled.append(bag(values, offsets, per_sample_weights=w))
        return torch.stack(pooled, dim=1)


class WideAndDeep(nn.Module):
    def __init__(self, dense_in=4, tables=(20, 15), dim=8):
        super().__init__()
        self.sparse = WeightedSparseArch(list(tables), dim)
        self.dense = nn.Sequential(nn.Linear(dense_in, dim), nn.ReLU())
        self.wide = nn.Linear(dense_in, 1)
        self.deep = nn.Sequential(nn.Linear(dim * (len(tables) + 1), 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, dense: Tensor, ids: List[Tensor], lengths: List[Tensor], weights: List[Tensor]) -> Tensor:
        sparse = self.sparse(ids, lengths, weights)
        d = self.dense(dense).unsqueeze(1)
        deep_in = torch.cat([d, sparse], dim=1).flatten(1)
        return torch.sigmoid(self.wide(dense) + self.deep(deep_in)).squeeze(-1)


Model = WideAndDeep


def inputs():
    torch.manual_seed(4714)
    l1 = [torch.tensor([2, 1, 3]), torch.tensor([1, 1, 2])]
    l2 = [torch.tensor([1, 4]), torch.tensor([3, 2])]

    def mk(lens, tables=(20, 15)):
        ids = [torch.randint(0, n, (int(l.sum()),)) for n, l in zip(tables, lens)]
        ws = [torch.rand(int(l.sum())) for l in lens]
        return ids, lens, ws

    i1, ll1, w1 = mk(l1)
    i2, ll2, w2 = mk(l2)
    return [(torch.randn(3, 4), i1, ll1, w1), (torch.randn(2, 4), i2, ll2, w2)]
