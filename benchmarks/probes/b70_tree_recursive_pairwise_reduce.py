# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Recursive (tree-structured) sentence encoder over a balanced binary tree: adjacent nodes
    are merged level by level until the root is left."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.leaf = nn.Linear(dim, dim)
        self.compose = nn.Linear(2 * dim, dim)
        self.out = nn.Linear(dim, 2)

    def reduce(self, nodes: torch.Tensor) -> torch.Tensor:
        if nodes.size(1) == 1:  # breaks: trace
            return nodes[:, 0]
        if nodes.size(1) % 2 == 1:
            nodes = F.pad(nodes, (0, 0, 0, 1))
        pairs = nodes.reshape(nodes.size(0), nodes.size(1) // 2, -1)
        return self.reduce(torch.tanh(self.compose(pairs)))  # breaks: script

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.out(self.reduce(torch.tanh(self.leaf(x))))


def inputs():
    torch.manual_seed(7023)
    return [(torch.randn(2, 4, 6),), (torch.randn(2, 7, 6),)]
