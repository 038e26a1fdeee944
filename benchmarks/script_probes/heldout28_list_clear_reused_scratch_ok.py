# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class ChunkedAttentionPool(nn.Module):
    """Pools a long sequence chunk by chunk, reusing one scratch list cleared each round."""

    def __init__(self, dim: int = 4, chunk: int = 3):
        super().__init__()
        self.chunk = chunk
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        pooled: List[Tensor] = []
        scratch: List[Tensor] = []
        for start in range(0, x.shape[1], self.chunk):
            scratch.clear()
            for t in range(start, min(start + self.chunk, x.shape[1])):
                scratch.append(x[:, t])
            block = torch.stack(scratch, 1)
            w = self.score(block).softmax(1)
            pooled.append((w * block).sum(1))
        return torch.stack(pooled, 1)


Model = ChunkedAttentionPool


def inputs():
    torch.manual_seed(2824)
    return [(torch.randn(2, 7, 4),), (torch.randn(1, 3, 4),)]
