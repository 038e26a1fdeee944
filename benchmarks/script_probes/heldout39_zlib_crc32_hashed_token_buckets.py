# ruff: noqa  (a probe is written as users write models)
import zlib

import torch
import torch.nn as nn
from torch import Tensor


class HashedFieldEmbedding(nn.Module):
    """Feature-hashing embedding: a field name picks its bucket offset by a stable hash."""

    def __init__(self, buckets: int = 16, dim: int = 4, field: str = "user_id"):
        super().__init__()
        self.emb = nn.Embedding(buckets, dim)
        self.buckets = buckets
        self.field = field

    def forward(self, ids: Tensor) -> Tensor:
        offset = zlib.crc32(self.field.encode()) % self.buckets
        return self.emb((ids + offset) % self.buckets)


Model = HashedFieldEmbedding


def inputs():
    torch.manual_seed(3905)
    return [(torch.randint(0, 100, (2, 5)),), (torch.randint(0, 100, (3, 2)),)]
