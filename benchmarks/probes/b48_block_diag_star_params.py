# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BlockDiagonalLinear(nn.Module):
    def __init__(self, blocks: int = 3, size: int = 4):
        super().__init__()
        self.weights = nn.ParameterList(nn.Parameter(torch.randn(size, size) * 0.2) for _ in range(blocks))

    def forward(self, x):
        w = torch.block_diag(*self.weights)
        return x @ w.t()


Model = BlockDiagonalLinear


def inputs():
    torch.manual_seed(4804)
    return [(torch.randn(2, 12),), (torch.randn(5, 12),)]
