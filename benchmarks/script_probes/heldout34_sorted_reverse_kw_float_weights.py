# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class TopExpertMixer(nn.Module):
    """Mixes the experts whose mean gate is at least the second largest, ranked with sorted()."""

    def __init__(self, dim: int = 6, experts: int = 4):
        super().__init__()
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(experts)])
        self.gate = nn.Linear(dim, experts)

    def forward(self, x: Tensor) -> Tensor:
        weights = self.gate(x).softmax(-1).mean(0)
        values: List[float] = [float(w) for w in weights.unbind(0)]
        ranked = sorted(values, reverse=True)
        cutoff = ranked[1]
        out = torch.zeros_like(x)
        for j, expert in enumerate(self.experts):
            if values[j] >= cutoff:
                out = out + values[j] * expert(x)
        return out


Model = TopExpertMixer


def inputs():
    torch.manual_seed(3433)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
