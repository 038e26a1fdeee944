# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class TokenPooler(nn.Module):
    """Sentence embedding pooler; the pooling helper takes its mode as a plain str."""

    def __init__(self, dim: int = 8, mode: str = "mean"):
        super().__init__()
        self.mode = mode
        self.dense = nn.Linear(dim, dim)

    def _pool(self, hidden: Tensor, mode: str) -> Tensor:
        if mode == "cls":
            return hidden[:, 0]
        if mode in ("max", "maxpool"):
            return hidden.amax(1)
        return hidden.mean(1)

    def forward(self, hidden: Tensor, mode: Optional[str] = None) -> Tensor:
        return torch.tanh(self.dense(self._pool(hidden, self.mode if mode is None else mode)))


Model = TokenPooler


def inputs():
    torch.manual_seed(3434)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8), "cls"), (torch.randn(1, 3, 8), "maxpool")]
