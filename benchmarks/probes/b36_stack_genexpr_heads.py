# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class MultiHeadRegressor(nn.Module):
    def __init__(self, dim=8, heads=3):
        super().__init__()
        self.trunk = nn.Linear(dim, dim)
        self.heads = nn.ModuleList(nn.Linear(dim, 2) for _ in range(heads))

    def forward(self, x):
        h = torch.relu(self.trunk(x))
        preds = torch.stack(tuple(head(h) for head in self.heads), dim=1)
        return preds.mean(dim=1), preds.std(dim=1)


Model = MultiHeadRegressor


def inputs():
    torch.manual_seed(3621)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(5, 8),)]
