# ruff: noqa  (a probe is written as users write models)
from functools import partialmethod

import torch
import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, d_in: int, d: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d), nn.ReLU(), nn.Linear(d, d))

    def forward(self, x):
        return self.net(x)


class DualEncoder(nn.Module):
    """Dense retrieval: one shared trunk, a query tower and a document tower.

    The two public encoders are the same routine bound with a different `side`.
    """

    def __init__(self, d_in: int = 12, d: int = 16, temperature: float = 0.05):
        super().__init__()
        self.trunk = nn.Linear(d_in, d_in)
        self.towers = nn.ModuleDict({"query": Tower(d_in, d), "doc": Tower(d_in, d)})
        self.temperature = temperature

    def _encode(self, x, side: str = "query", normalize: bool = True):
        h = self.towers[side](torch.tanh(self.trunk(x)))
        h = h.mean(dim=1) if h.dim() == 3 else h
        return F.normalize(h, dim=-1) if normalize else h

    encode_query = partialmethod(_encode, side="query")
    encode_doc = partialmethod(_encode, side="doc")

    def forward(self, queries, docs):
        q = self.encode_query(queries)
        d = self.encode_doc(docs)
        return q @ d.t() / self.temperature


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = DualEncoder()

    def forward(self, queries, docs):
        scores = self.encoder(queries, docs)
        return scores.log_softmax(dim=-1)


def inputs():
    torch.manual_seed(5603)
    return [
        (torch.randn(3, 4, 12), torch.randn(5, 7, 12)),
        (torch.randn(2, 6, 12), torch.randn(4, 3, 12)),
    ]
