# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import Dict


class MultiHead(nn.Module):
    def __init__(self, dim: int = 8, n_heads: int = 3):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, 2) for _ in range(n_heads)])

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        return {f"head_{i}": head(x) for i, head in enumerate(self.heads)}


Model = MultiHead


def inputs():
    torch.manual_seed(2102)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
