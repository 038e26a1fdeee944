# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PadToLongest(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
        max_len = lengths.max().item()
        out = x.new_zeros(x.size(0), max_len, x.size(2))
        n = min(x.size(1), int(max_len))
        out[:, :n] = x[:, :n]
        return self.proj(out)


Model = PadToLongest


def inputs():
    torch.manual_seed(2446)
    return [
        (torch.randn(2, 4, 4), torch.tensor([3, 6])),
        (torch.randn(3, 6, 4), torch.tensor([2, 2, 1])),
    ]
