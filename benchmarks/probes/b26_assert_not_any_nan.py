import torch
from torch import nn


class SafeRegressor(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x):
        assert not x.isnan().any(), "NaN in features"  # breaks: compile,export
        return self.net(x).squeeze(-1)


Model = SafeRegressor


def inputs():
    torch.manual_seed(46)
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 2,)]
