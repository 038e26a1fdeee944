# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class TruncatingEncoder(nn.Module):
    """Token encoder that truncates the sequence when a maximum length is given."""

    def __init__(self, dim: int = 8, max_len: Optional[int] = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.max_len = max_len

    def forward(self, x: Tensor, max_len: Optional[int] = None) -> Tensor:
        if max_len:
            x = x[:, :max_len]
        return self.fc(x).relu()


Model = TruncatingEncoder


def inputs():
    torch.manual_seed(4013)
    return [(torch.randn(2, 6, 8), 3), (torch.randn(1, 5, 8), None)]
