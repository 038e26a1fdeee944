# ruff: noqa  (a probe is written as users write models)
import warnings

import torch
import torch.nn as nn
from torch import Tensor


class LearnedPositions(nn.Module):
    """Learned absolute positions; longer inputs are truncated with a warning."""

    def __init__(self, max_len: int = 6, dim: int = 8):
        super().__init__()
        self.max_len = max_len
        self.table = nn.Embedding(max_len, dim)

    def _check_length(self, n: int) -> int:
        if n > self.max_len:
            warnings.warn(f"sequence length {n} exceeds {self.max_len}; truncating", stacklevel=2)
            return self.max_len
        return n

    def forward(self, x: Tensor) -> Tensor:
        n = self._check_length(x.shape[1])
        pos = torch.arange(n, device=x.device)
        return x[:, :n] + self.table(pos)


Model = LearnedPositions


def inputs():
    torch.manual_seed(3604)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
