# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn

SEP_ID = 2


class SecondSegmentPool(nn.Module):
    """Averages the embeddings between the first and second separator."""

    def __init__(self, vocab: int = 10, dim: int = 4):
        super().__init__()
        self.sep_id = SEP_ID
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, ids: List[int]) -> torch.Tensor:
        first = ids.index(self.sep_id)
        second = ids.index(self.sep_id, first + 1)
        seg = torch.tensor(ids[first + 1 : second], dtype=torch.long)
        return self.emb(seg).mean(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = SecondSegmentPool()

    def forward(self, x: torch.Tensor, ids: List[int]):
        return x * self.pool(ids)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 4), [1, 2, 5, 6, 2, 3]),
        (torch.randn(3, 4), [2, 7, 8, 9, 2]),
    ]
