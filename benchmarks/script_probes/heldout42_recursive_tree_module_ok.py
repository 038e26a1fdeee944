# ruff: noqa  (a probe is written as users write models)
from typing import Optional
import torch
import torch.nn as nn
from torch import Tensor


class TreeNode(nn.Module):
    """Binary tree of linear cells: each node combines the outputs of its two child subtrees."""

    def __init__(self, dim: int = 8, depth: int = 2):
        super().__init__()
        self.cell = nn.Linear(dim, dim)
        self.is_leaf = depth == 0
        self.left: Optional[nn.Module] = TreeNode(dim, depth - 1) if depth > 0 else None
        self.right: Optional[nn.Module] = (
            TreeNode(dim, depth - 1) if depth > 0 else None
        )

    def forward(self, x: Tensor) -> Tensor:
        h = torch.tanh(self.cell(x))
        if self.left is not None and self.right is not None:
            h = h + self.left(x) + self.right(x)
        return h


Model = TreeNode


def inputs():
    torch.manual_seed(4225)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
