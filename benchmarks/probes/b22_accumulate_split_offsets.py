import itertools

import torch
from torch import nn


class MultiFieldEncoder(nn.Module):
    def __init__(self, field_sizes=(3, 5, 4), dim=6):
        super().__init__()
        self.field_sizes = list(field_sizes)
        self.encoders = nn.ModuleList([nn.Linear(s, dim) for s in field_sizes])

    def forward(self, x):
        bounds = list(itertools.accumulate(self.field_sizes, initial=0))
        parts = [
            enc(x[:, lo:hi]) for enc, lo, hi in zip(self.encoders, bounds[:-1], bounds[1:])
        ]
        return torch.cat(parts, dim=-1)


Model = MultiFieldEncoder


def inputs():
    torch.manual_seed(28)
    return [(torch.randn(2, 12),), (torch.randn(7, 12) * 2,)]
