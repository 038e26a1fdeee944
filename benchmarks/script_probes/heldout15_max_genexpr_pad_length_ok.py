# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)

    def forward(self, a, b, c):
        seqs: List[torch.Tensor] = [a, b, c]
        longest = max(s.size(0) for s in seqs)
        padded = [F.pad(self.enc(s), (0, 0, 0, longest - s.size(0))) for s in seqs]
        return torch.stack(padded)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(3, 4), torch.randn(5, 4), torch.randn(2, 4)),
        (torch.randn(1, 4), torch.randn(1, 4), torch.randn(6, 4)),
    ]
