# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Set

import torch
import torch.nn as nn


def dedup_ids(ids: List[int]) -> List[int]:
    seen: Set[int] = set()
    out: List[int] = []
    for i in ids:
        if i not in seen:
            seen.add(i)
            out.append(i)
    return out


class BagOfTokens(nn.Module):
    def __init__(self, vocab: int = 20, dim: int = 6):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, ids: List[int]) -> torch.Tensor:
        uniq = torch.tensor(dedup_ids(ids), dtype=torch.long)
        return self.emb(uniq).sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = BagOfTokens()

    def forward(self, ids: List[int]):
        return self.bag(ids)


def inputs():
    torch.manual_seed(0)
    return [([3, 5, 3, 7, 5],), ([1, 1, 2, 19],)]
