# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class TopExpertMixer(nn.Module):
    """Mixes the outputs of the two experts with the largest mean gate, ranked in Python."""

    def __init__(self, dim: int = 6, experts: int = 4):
        super().__init__()
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(experts)])
        self.gate = nn.Linear(dim, experts)

    def forward(self, x: Tensor) -> Tensor:
        weights = self.gate(x).softmax(-1).mean(0)
        ranked: List[Tuple[int, float]] = []
        for i in range(weights.shape[0]):
            ranked.append((i, float(weights[i])))
        ranked.sort(key=lambda item: item[1], reverse=True)
        out = torch.zeros_like(x)
        for idx, w in ranked[:2]:
            for j, expert in enumerate(self.experts):
                if j == idx:
                    out = out + w * expert(x)
        return out


Model = TopExpertMixer


def inputs():
    torch.manual_seed(3403)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
