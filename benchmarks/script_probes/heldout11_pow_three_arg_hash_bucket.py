# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn

NUM_BUCKETS = 97


class HashedNgramEmbed(nn.Module):
    def __init__(self, dim: int = 4, base: int = 31):
        super().__init__()
        self.base = base
        self.num_buckets = NUM_BUCKETS
        self.table = nn.Embedding(NUM_BUCKETS, dim)

    def bucket(self, ids: List[int]) -> int:
        h = 0
        for i, tok in enumerate(ids):
            h = (h + tok * pow(self.base, i, self.num_buckets)) % self.num_buckets
        return h

    def forward(self, ids: List[int]) -> torch.Tensor:
        buckets = [self.bucket(ids[i : i + 2]) for i in range(len(ids) - 1)]
        return self.table(torch.tensor(buckets, dtype=torch.long)).sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = HashedNgramEmbed()

    def forward(self, x, ids: List[int]):
        return x + self.embed(ids)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), [5, 9, 13]), (torch.randn(3, 4), [1, 2, 3, 4, 50])]
