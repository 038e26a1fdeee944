# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.names: List[str] = ["a", "b", "c"]
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        feats = {n: self.proj(x) * (i + 1) for i, n in enumerate(self.names)}
        pairs: Dict[str, torch.Tensor] = {
            p + q: (feats[p] * feats[q]).sum(-1) for p in self.names for q in self.names if p < q
        }
        return torch.stack([pairs[k] for k in sorted(pairs.keys())], dim=-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
