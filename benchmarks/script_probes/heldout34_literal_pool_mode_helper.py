# ruff: noqa  (a probe is written as users write models)
from typing import Literal

import torch
import torch.nn as nn
from torch import Tensor


class TokenPooler(nn.Module):
    """Sentence embedding pooler; the pooling helper types its mode as a Literal."""

    def __init__(self, dim: int = 8, mode: str = "mean"):
        super().__init__()
        self.mode = mode
        self.dense = nn.Linear(dim, dim)

    def _pool(self, hidden: Tensor, mode: Literal["mean", "cls"]) -> Tensor:
        if mode == "cls":
            return hidden[:, 0]
        return hidden.mean(1)

    def forward(self, hidden: Tensor) -> Tensor:
        return torch.tanh(self.dense(self._pool(hidden, self.mode)))


Model = TokenPooler


def inputs():
    torch.manual_seed(3404)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
