# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class JaggedMeanPool(nn.Module):
    """Mean over variable-length segments of a flat (total, dim) embedding stream."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.embed = nn.Linear(d, d)
        self.head = nn.Linear(d, 1)

    def forward(self, values: Tensor, lengths: Tensor) -> Tensor:
        h = torch.tanh(self.embed(values))
        pooled = torch.segment_reduce(h, "mean", lengths=lengths, axis=0, unsafe=True)
        return self.head(pooled).squeeze(-1)


Model = JaggedMeanPool


def inputs():
    torch.manual_seed(5120)
    return [(torch.randn(7, 6), torch.tensor([3, 4])), (torch.randn(9, 6), torch.tensor([2, 6, 1]))]
