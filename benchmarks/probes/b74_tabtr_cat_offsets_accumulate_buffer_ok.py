# ruff: noqa  (a probe is written as users write models)
import itertools

import torch
import torch.nn as nn


class Model(nn.Module):
    """FT-Transformer style categorical tokenizer: one shared table, each column shifted by the
    running total of the cardinalities before it."""

    def __init__(self, cardinalities=(4, 7, 3), d: int = 8):
        super().__init__()
        offsets = [0, *itertools.accumulate(cardinalities)][:-1]
        self.register_buffer("offsets", torch.tensor(offsets))
        self.table = nn.Embedding(sum(cardinalities), d)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.mix = nn.TransformerEncoderLayer(d, 2, 16, dropout=0.0, batch_first=True)

    def forward(self, x_cat: torch.Tensor) -> torch.Tensor:
        tokens = self.table(x_cat + self.offsets)
        tokens = torch.cat([self.cls.expand(x_cat.shape[0], -1, -1), tokens], dim=1)
        return self.mix(tokens)[:, 0]


def inputs():
    torch.manual_seed(7408)
    return [
        (torch.stack([torch.randint(0, c, (5,)) for c in (4, 7, 3)], 1),),
        (torch.stack([torch.randint(0, c, (5,)) for c in (4, 7, 3)], 1),),
    ]
