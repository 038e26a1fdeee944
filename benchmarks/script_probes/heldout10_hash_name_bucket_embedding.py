# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn

class FieldEmbedding(nn.Module):
    def __init__(self, fields: List[str] = ["user", "item", "ctx"], buckets: int = 16):
        super().__init__()
        self.fields = fields
        self.buckets = buckets
        self.table = nn.Embedding(buckets, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ids = [hash(name) % self.buckets for name in self.fields]
        emb = self.table(torch.tensor(ids))
        return x @ emb.t()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = FieldEmbedding()

    def forward(self, x):
        return self.emb(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
