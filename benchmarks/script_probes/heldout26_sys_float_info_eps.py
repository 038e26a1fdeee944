# ruff: noqa  (a probe is written as users write models)
import sys

import torch
import torch.nn as nn


class SafeNormalizer(nn.Module):
    """Physics-informed layer: unit direction vectors with a machine-epsilon guard."""

    def __init__(self, dim: int = 3):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, v):
        eps = sys.float_info.epsilon
        u = self.proj(v)
        return u / (u.norm(dim=-1, keepdim=True) + eps)


Model = SafeNormalizer


def inputs():
    torch.manual_seed(2613)
    return [(torch.randn(4, 3),), (torch.randn(2, 7, 3),)]
