# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MCDropoutRegressor(nn.Module):
    """Monte-Carlo dropout: dropout stays on at inference to estimate uncertainty."""

    def __init__(self, dim=6, hidden=16, p=0.2, samples=4):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, 1)
        self.p = p
        self.samples = samples

    def _once(self, x):
        h = F.relu(self.fc1(x))
        h = F.dropout(h, p=self.p, training=True)
        return self.fc2(h)

    def forward(self, x):
        preds = torch.stack([self._once(x) for _ in range(self.samples)])
        return preds.mean(0), preds.std(0)


Model = MCDropoutRegressor


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
