# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class TokenGrid(nn.Module):
    def __init__(self, width: int = 3):
        super().__init__()
        self.width = width
        self.row_embed = nn.Embedding(8, 2)
        self.col_embed = nn.Embedding(8, 2)

    def position(self, index: int):
        return divmod(index, self.width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        row, col = self.position(x.shape[1] - 1)
        return x + self.row_embed.weight[row] + self.col_embed.weight[col]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.grid = TokenGrid()

    def forward(self, x):
        return self.grid(x)


def inputs():
    return [(torch.randn(1, 5, 2),), (torch.randn(2, 7, 2),)]
