# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Detrend(nn.Module):
    """Removes a per-series least-squares linear trend before the forecasting head."""

    def __init__(self, horizon=3):
        super().__init__()
        self.horizon = horizon
        self.head = nn.Linear(2, horizon)

    def forward(self, y):
        n = y.shape[-1]
        t = torch.linspace(0.0, 1.0, n, dtype=y.dtype, device=y.device)
        design = torch.stack([torch.ones_like(t), t], dim=-1)
        coef = torch.linalg.lstsq(design, y.transpose(-2, -1)).solution
        trend = (design @ coef).transpose(-2, -1)
        return y - trend, self.head(coef.transpose(0, 1))


Model = Detrend


def inputs():
    torch.manual_seed(4925)
    return [(torch.randn(2, 10),), (torch.randn(3, 7),)]
