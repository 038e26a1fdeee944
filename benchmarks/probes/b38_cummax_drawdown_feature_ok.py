# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DrawdownEncoder(nn.Module):
    """Time-series features: distance of each step below its running peak."""

    def __init__(self, hidden=8):
        super().__init__()
        self.fc = nn.Linear(2, hidden)

    def forward(self, prices):
        peak, _ = torch.cummax(prices, dim=1)
        drawdown = (prices - peak) / peak.abs().clamp_min(1e-6)
        feats = torch.stack([prices, drawdown], dim=-1)
        return self.fc(feats).mean(dim=1)


Model = DrawdownEncoder


def inputs():
    torch.manual_seed(3824)
    return [(torch.randn(2, 7).cumsum(1) + 10,), (torch.randn(3, 12).cumsum(1) + 5,)]
