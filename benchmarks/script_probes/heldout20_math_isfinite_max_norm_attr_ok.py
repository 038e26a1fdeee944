# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class ClippedEmbedding(nn.Module):
    def __init__(self, num: int = 10, dim: int = 6, max_norm: float = float("inf")):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num, dim))
        self.max_norm = max_norm

    def forward(self, ids):
        emb = self.weight[ids]
        if math.isfinite(self.max_norm):
            norms = torch.linalg.vector_norm(emb, dim=-1, keepdim=True)
            emb = emb * (self.max_norm / norms.clamp_min(self.max_norm))
        return emb


Model = ClippedEmbedding


def inputs():
    torch.manual_seed(2023)
    return [(torch.tensor([1, 2, 3]),), (torch.tensor([[0, 9], [4, 4]]),)]
