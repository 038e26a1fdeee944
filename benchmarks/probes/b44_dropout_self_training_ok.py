# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLPRegressor(nn.Module):
    def __init__(self, dim=6, hidden=16, p=0.2):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, 1)
        self.p = p

    def forward(self, x):
        h = F.relu(self.fc1(x))
        h = F.dropout(h, p=self.p, training=self.training)
        return self.fc2(h)


Model = MLPRegressor


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
