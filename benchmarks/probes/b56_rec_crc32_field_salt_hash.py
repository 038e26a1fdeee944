# ruff: noqa  (a probe is written as users write models)
import zlib

import torch
import torch.nn as nn

FIELDS = ("user_id", "item_id", "category", "city")


def field_salt(name: str) -> int:
    # stable across processes, unlike hash(): the same field always lands on the same buckets
    return zlib.crc32(name.encode("utf-8")) & 0x7FFFFFFF


def hashed_ids(ids, name: str, buckets: int):
    return (ids * 1000003 + field_salt(name)) % buckets


class SharedHashEmbedding(nn.Module):
    """One hashing-trick table shared by every categorical field."""

    def __init__(self, buckets: int = 257, d: int = 8):
        super().__init__()
        self.buckets = buckets
        self.table = nn.Embedding(buckets, d)

    def forward(self, ids, name: str):
        return self.table(hashed_ids(ids, name, self.buckets))


class Model(nn.Module):
    """Factorization-machine style CTR model over hashed categorical fields."""

    def __init__(self):
        super().__init__()
        self.embed = SharedHashEmbedding()
        self.linear = nn.Linear(len(FIELDS) * 8, 1)

    def forward(self, cat_ids):
        # cat_ids: (batch, fields) raw ids
        embs = [self.embed(cat_ids[:, i], name) for i, name in enumerate(FIELDS)]
        e = torch.stack(embs, dim=1)  # (B, F, d)
        square_of_sum = e.sum(dim=1).pow(2)
        sum_of_square = e.pow(2).sum(dim=1)
        fm = 0.5 * (square_of_sum - sum_of_square).sum(dim=-1, keepdim=True)
        return torch.sigmoid(self.linear(e.flatten(1)) + fm)


def inputs():
    torch.manual_seed(5610)
    return [(torch.randint(0, 10_000, (4, 4)),), (torch.randint(0, 10_000, (9, 4)),)]
