import torch
import torch.nn as nn


class BestOfHeads(nn.Module):
    def __init__(self, dim=8, n_heads=3):
        super().__init__()
        self.heads = nn.ModuleList(nn.Linear(dim, 1) for _ in range(n_heads))

    def forward(self, x):
        scores = [head(x).mean() for head in self.heads]
        return max(scores) * x


Model = BestOfHeads


def inputs():
    torch.manual_seed(3423)
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 3,)]
