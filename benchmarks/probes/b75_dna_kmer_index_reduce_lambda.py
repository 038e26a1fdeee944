# ruff: noqa  (a probe is written as users write models)
import math
from functools import reduce

import torch
import torch.nn as nn


class Model(nn.Module):
    """k-mer embedding bag: every window of k bases is hashed to its base-4 index (Horner's rule
    folded over the k offsets) and looked up in a 4**k table."""

    def __init__(self, k: int = 3, dim: int = 6):
        super().__init__()
        self.k = k
        self.table = nn.Embedding(math.prod([4] * k), dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        n = tokens.shape[1] - self.k + 1
        index = reduce(lambda acc, i: acc * 4 + tokens[:, i : i + n], range(self.k), torch.zeros_like(tokens[:, :n]))  # breaks: script
        return self.out(self.table(index).mean(1))


def inputs():
    torch.manual_seed(7503)
    return [(torch.randint(0, 4, (2, 12)),), (torch.randint(0, 4, (3, 9)),)]
