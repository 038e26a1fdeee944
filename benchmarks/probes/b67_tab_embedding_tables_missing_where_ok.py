# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """Tabular model: one embedding table per categorical column, numeric columns with missing
    values (NaN) zero-filled through a mask that is also fed to the network."""

    def __init__(self, cardinalities: List[int] = [5, 7, 3], n_num: int = 4, d: int = 4):
        super().__init__()
        self.embeds = nn.ModuleList([nn.Embedding(card + 1, d) for card in cardinalities])
        self.mlp = nn.Sequential(
            nn.Linear(d * len(cardinalities) + 2 * n_num, 16), nn.ReLU(), nn.Linear(16, 1)
        )

    def forward(self, x_cat: torch.Tensor, x_num: torch.Tensor) -> torch.Tensor:
        missing = torch.isnan(x_num)
        filled = torch.where(missing, 0.0, x_num)
        cols = []
        for i, emb in enumerate(self.embeds):
            cols.append(emb(x_cat[:, i]))
        feats = torch.cat(cols + [filled, missing.float()], dim=1)
        return self.mlp(feats).squeeze(-1)


def inputs():
    torch.manual_seed(6709)
    num = torch.randn(3, 4)
    num[0, 1] = float("nan")
    num2 = torch.randn(5, 4)
    cat = torch.stack(
        [torch.randint(0, 6, (3,)), torch.randint(0, 8, (3,)), torch.randint(0, 4, (3,))], 1
    )
    cat2 = torch.stack(
        [torch.randint(0, 6, (5,)), torch.randint(0, 8, (5,)), torch.randint(0, 4, (5,))], 1
    )
    return [(cat, num), (cat2, num2)]
