# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Key-value memory module: queries attend only to their top-k most similar memory slots
    (cosine similarity), the values gathered with the top-k indices."""

    def __init__(self, slots: int = 16, d: int = 8, k: int = 3):
        super().__init__()
        self.k = k
        self.keys = nn.Parameter(torch.randn(slots, d))
        self.values = nn.Parameter(torch.randn(slots, d))
        self.q = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        sim = F.normalize(self.q(x), dim=-1) @ F.normalize(self.keys, dim=-1).t()
        top, idx = sim.topk(self.k, dim=-1)
        weights = top.softmax(dim=-1)
        picked = self.values[idx]
        return x + (weights.unsqueeze(-1) * picked).sum(dim=-2)


def inputs():
    torch.manual_seed(6719)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
