# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PerSampleBilinear(nn.Module):
    """Scores query/key pairs sample by sample, iterating two batch tensors with zip."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.w = nn.Parameter(torch.randn(dim, dim) * 0.3)

    def forward(self, q: Tensor, k: Tensor) -> Tensor:
        scores: List[Tensor] = []
        for qi, ki in zip(q, k):
            scores.append(qi @ self.w @ ki)
        return torch.stack(scores)


Model = PerSampleBilinear


def inputs():
    torch.manual_seed(3130)
    return [(torch.randn(3, 4), torch.randn(3, 4)), (torch.randn(5, 4), torch.randn(5, 4))]
