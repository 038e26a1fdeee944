# ruff: noqa  (a probe is written as users write models)
from typing import List
import torch
import torch.nn as nn
from torch import Tensor


class RaggedMeanPool(nn.Module):
    """Mean-pools variable-length sequences by packing them into a nested tensor."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, seqs: List[Tensor]) -> Tensor:
        nt = torch.nested.nested_tensor([self.proj(s) for s in seqs])
        padded = torch.nested.to_padded_tensor(nt, 0.0)
        lengths = torch.tensor([s.shape[0] for s in seqs], dtype=padded.dtype)
        return padded.sum(1) / lengths[:, None]


Model = RaggedMeanPool


def inputs():
    torch.manual_seed(4227)
    return [
        ([torch.randn(3, 8), torch.randn(5, 8)],),
        ([torch.randn(2, 8), torch.randn(1, 8), torch.randn(4, 8)],),
    ]
