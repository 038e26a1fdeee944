# ruff: noqa  (a probe is written as users write models)
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class RelPosBias(nn.Module):
    def __init__(self, num_buckets: int = 16, max_distance: int = 64):
        super().__init__()
        self.num_buckets = num_buckets
        self.max_distance = max_distance
        self.emb = nn.Embedding(num_buckets, 1)

    def bucket(self, rel: torch.Tensor) -> torch.Tensor:
        exact = self.num_buckets // 2
        n = rel.abs().float().clamp(min=1.0)
        scale = (self.num_buckets - exact) / math.log(self.max_distance / exact, 2)
        large = exact + (torch.log2(n / exact) * scale).long()
        large = large.clamp(max=self.num_buckets - 1)
        return torch.where(rel.abs() < exact, rel.abs(), large)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        pos = torch.arange(n)
        rel = pos[None, :] - pos[:, None]
        bias = self.emb(self.bucket(rel)).squeeze(-1)
        return F.softmax(x @ x.transpose(-1, -2) + bias, dim=-1)


Model = RelPosBias


def inputs():
    torch.manual_seed(2106)
    return [(torch.randn(1, 12, 4),), (torch.randn(2, 20, 4),)]
