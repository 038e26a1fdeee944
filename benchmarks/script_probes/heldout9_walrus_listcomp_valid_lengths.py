# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class LengthPool(nn.Module):
    def __init__(self, min_len: int = 2):
        super().__init__()
        self.min_len = min_len
        self.fc = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor, lengths: List[int]) -> torch.Tensor:
        kept = [n for l in lengths if (n := min(l, x.shape[1])) >= self.min_len]
        pooled = [x[i, :n].mean(0) for i, n in enumerate(kept)]
        return self.fc(torch.stack(pooled))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = LengthPool()

    def forward(self, x, lengths: List[int]):
        return self.pool(x, lengths)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 5, 3), [4, 1, 7]), (torch.randn(2, 4, 3), [2, 3])]
