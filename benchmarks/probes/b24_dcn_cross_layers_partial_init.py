import functools

import torch
import torch.nn as nn


init_weight = functools.partial(nn.init.xavier_uniform_, gain=0.5)


class CrossLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.w = nn.Linear(dim, dim, bias=False)
        self.b = nn.Parameter(torch.zeros(dim))
        init_weight(self.w.weight)

    def forward(self, x0, xl):
        return x0 * self.w(xl) + self.b + xl


class Model(nn.Module):
    """Deep & Cross Network v2: a cross tower in parallel with a deep tower."""

    def __init__(self, num_fields=4, emb_dim=4, vocab=20, n_cross=3):
        super().__init__()
        dim = num_fields * emb_dim
        self.embedding = nn.Embedding(vocab, emb_dim)
        self.cross = nn.ModuleList(CrossLayer(dim) for _ in range(n_cross))
        self.deep = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU())
        self.head = nn.Linear(dim + 16, 1)

    def forward(self, ids):
        assert ids.dim() == 2, "expected (batch, fields)"
        x0 = self.embedding(ids).flatten(1)
        xl = x0
        for layer in self.cross:
            xl = layer(x0, xl)
        return torch.sigmoid(self.head(torch.cat([xl, self.deep(x0)], dim=-1)))


def inputs():
    torch.manual_seed(251)
    return [(torch.randint(0, 20, (6, 4)),), (torch.randint(0, 20, (11, 4)),)]
