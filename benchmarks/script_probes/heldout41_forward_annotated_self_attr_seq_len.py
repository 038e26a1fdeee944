# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class LengthTrackingEncoder(nn.Module):
    """Encoder that records the last sequence length it saw for a streaming wrapper."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.last_seq_len = 0

    def forward(self, x: Tensor) -> Tensor:
        self.last_seq_len: int = x.shape[1]
        return torch.relu(self.proj(x)) * (1.0 / self.last_seq_len)


Model = LengthTrackingEncoder


def inputs():
    torch.manual_seed(4107)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
