# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class HashNgramEmbedding(nn.Module):
    def __init__(self, buckets: int, dim: int, n: int = 4):
        super().__init__()
        self.buckets = buckets
        self.n = n
        self.prime = 1000003
        self.table = nn.Embedding(buckets, dim)

    def _hash(self, ids: List[int]) -> int:
        h = 0
        for t in ids:
            h = h * self.prime + t
        return h % self.buckets

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        ids: List[int] = tokens.tolist()
        keys = [self._hash(ids[i : i + self.n]) for i in range(len(ids) - self.n + 1)]
        return self.table(torch.tensor(keys, dtype=torch.long)).mean(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ngrams = HashNgramEmbedding(97, 4)

    def forward(self, tokens):
        return self.ngrams(tokens)


def inputs():
    return [
        (torch.tensor([17, 4, 99, 250, 3, 7]),),
        (torch.tensor([123456, 654321, 111, 222, 333]),),
    ]
