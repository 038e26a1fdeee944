# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class PQConfig:
    dim: int = 16
    num_subspaces: int = 4
    codebook_size: int = 8
    top_k: int = 3


class ProductQuantizer(nn.Module):
    def __init__(self, cfg: PQConfig):
        super().__init__()
        self.m, self.ksub = cfg.num_subspaces, cfg.codebook_size
        self.dsub = cfg.dim // cfg.num_subspaces
        self.codebooks = nn.Parameter(torch.randn(self.m, self.ksub, self.dsub))

    def encode(self, x):
        xs = x.view(x.size(0), self.m, self.dsub).transpose(0, 1)
        return torch.cdist(xs, self.codebooks).argmin(dim=-1).t()

    def distance_table(self, q):
        qs = q.view(q.size(0), self.m, 1, self.dsub)
        return ((qs - self.codebooks.unsqueeze(0)) ** 2).sum(-1)

    def adc(self, q, codes):
        lut = self.distance_table(q)
        nq, n = q.size(0), codes.size(0)
        idx = codes.t().unsqueeze(0).expand(nq, -1, -1)
        return lut.gather(2, idx).sum(1)


class PQRetriever(nn.Module):
    def __init__(self, cfg: PQConfig = PQConfig()):
        super().__init__()
        self.cfg = cfg
        self.query_tower = nn.Sequential(nn.Linear(cfg.dim, cfg.dim), nn.ReLU(), nn.Linear(cfg.dim, cfg.dim))
        self.pq = ProductQuantizer(cfg)

    def forward(self, queries, database):
        with torch.no_grad():
            codes = self.pq.encode(database)
        q = F.normalize(self.query_tower(queries), dim=-1)
        scores = -self.pq.adc(q, codes)
        top = scores.topk(self.cfg.top_k, dim=-1)
        return top.values, top.indices


Model = PQRetriever


def inputs():
    torch.manual_seed(3726)
    return [(torch.randn(2, 16), torch.randn(10, 16)), (torch.randn(4, 16), torch.randn(25, 16))]
