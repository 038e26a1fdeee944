# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class NgramHashEmbedding(nn.Module):
    """fastText-style bigram hashing: token ids are mixed into a polynomial hash and the hash
    picks a bucket row."""

    def __init__(self, num_buckets: int = 97, dim: int = 4, prime: int = 1000003):
        super().__init__()
        self.num_buckets = num_buckets
        self.prime = prime
        self.table = nn.Embedding(num_buckets, dim)

    def _bucket(self, a: int, b: int) -> int:
        h = 0x345678
        for t in (a, b):
            h = (h * self.prime) ^ t
            h = h * self.prime + 97531
        return h % self.num_buckets

    def forward(self, x: Tensor, ids: List[int]) -> Tensor:
        buckets = [self._bucket(ids[i], ids[i + 1]) for i in range(len(ids) - 1)]
        return x + self.table(torch.tensor(buckets)).sum(0)


Model = NgramHashEmbedding


def inputs():
    torch.manual_seed(3306)
    return [(torch.randn(4), [17, 230, 9, 4021]), (torch.randn(4), [5, 6, 77777])]
