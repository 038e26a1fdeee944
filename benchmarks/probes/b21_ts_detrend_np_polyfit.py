import numpy as np
import torch
import torch.nn as nn


class LinearDetrend:
    def __call__(self, x: torch.Tensor):
        t = np.arange(x.shape[-1])
        series = x.detach().cpu().numpy().reshape(-1, x.shape[-1])  # breaks: export,trace
        coefs = np.polyfit(t, series.T, deg=1)  # breaks: compile
        trend = np.outer(coefs[0], t) + coefs[1][:, None]
        trend = torch.from_numpy(trend.reshape(x.shape)).to(x)
        return x - trend, trend


class Model(nn.Module):
    """DLinear-like forecaster on detrended input."""

    def __init__(self, seq_len=24, pred_len=8):
        super().__init__()
        self.detrend = LinearDetrend()
        self.residual = nn.Linear(seq_len, pred_len)
        self.trend = nn.Linear(seq_len, pred_len)

    def forward(self, x):
        x = x.transpose(1, 2)
        resid, trend = self.detrend(x)
        y = self.residual(resid) + self.trend(trend)
        return y.transpose(1, 2)


def inputs():
    torch.manual_seed(17)
    ramp = torch.linspace(0, 3, 24)[None, :, None]
    return [(torch.randn(2, 24, 3) + ramp,), (torch.randn(2, 24, 3) - 2 * ramp,), (torch.randn(4, 24, 3),)]
