# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class L2PenalizedRegressor(nn.Module):
    """Regularisation: forward returns the prediction and a weight penalty averaged over the parameter count."""

    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x):
        n = 0
        penalty = torch.zeros(())
        for p in self.parameters():
            n += p.numel()
            penalty = penalty + (p * p).sum()
        return self.body(x), penalty / n


Model = L2PenalizedRegressor


def inputs():
    torch.manual_seed(5510)
    return [(torch.randn(4, 8),), (torch.randn(9, 8),)]
