# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x, lengths):
        scores = self.q(x) @ self.k(x).transpose(1, 2) / math.sqrt(x.size(-1))
        pad = torch.arange(x.size(1)).unsqueeze(0) >= lengths.unsqueeze(1)
        scores = scores.masked_fill(pad.unsqueeze(1), -math.inf)
        return scores.softmax(-1) @ x


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 5, 8), torch.tensor([5, 3])),
        (torch.randn(3, 4, 8), torch.tensor([1, 4, 2])),
    ]
