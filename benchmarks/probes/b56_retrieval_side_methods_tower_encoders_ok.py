# ruff: noqa  (a probe is written as users write models)
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

    The two public encoders are thin methods over one routine keyed by side.
    """

    def __init__(self, d_in: int = 12, d: int = 16, temperature: float = 0.05):
        super().__init__()
        self.trunk = nn.Linear(d_in, d_in)
        self.query_tower = Tower(d_in, d)
        self.doc_tower = Tower(d_in, d)
        self.temperature = temperature

    def _encode(self, x, side: str, normalize: bool = True):
        h = torch.tanh(self.trunk(x))
        h = self.query_tower(h) if side == "query" else self.doc_tower(h)
        h = h.mean(dim=1) if h.dim() == 3 else h
        return F.normalize(h, dim=-1) if normalize else h

    def encode_query(self, x):
        return self._encode(x, "query")

    def encode_doc(self, x):
        return self._encode(x, "doc")

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
    torch.manual_seed(5604)
    return [
        (torch.randn(3, 4, 12), torch.randn(5, 7, 12)),
        (torch.randn(2, 6, 12), torch.randn(4, 3, 12)),
    ]
