# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class IdentityBasis(nn.Module):
    def __init__(self, backcast_size: int, forecast_size: int, interpolation_mode: str = "linear"):
        super().__init__()
        assert interpolation_mode in ["linear", "nearest"]
        self.forecast_size = forecast_size
        self.backcast_size = backcast_size
        self.interpolation_mode = interpolation_mode

    def forward(self, theta: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        backcast = theta[:, : self.backcast_size]
        knots = theta[:, self.backcast_size :]
        knots = knots.reshape(len(knots), 1, -1)
        forecast = F.interpolate(knots, size=self.forecast_size, mode=self.interpolation_mode)
        return backcast, forecast[:, 0, :]


class NHITSBlock(nn.Module):
    def __init__(self, input_size, h, n_pool_kernel_size, n_freq_downsample, hidden=32):
        super().__init__()
        pooled = int(torch.ceil(torch.tensor(input_size / n_pool_kernel_size)).item())
        n_theta = input_size + max(h // n_freq_downsample, 1)
        self.pooling_layer = nn.MaxPool1d(kernel_size=n_pool_kernel_size, stride=n_pool_kernel_size, ceil_mode=True)
        self.mlp = nn.Sequential(nn.Linear(pooled, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, n_theta))
        self.basis = IdentityBasis(input_size, h)

    def forward(self, insample_y):
        x = self.pooling_layer(insample_y.unsqueeze(1)).squeeze(1)
        theta = self.mlp(x)
        return self.basis(theta)


class NHITS(nn.Module):
    def __init__(self, h=6, input_size=12, n_pool_kernel_size: List[int] = [4, 2, 1], n_freq_downsample: List[int] = [3, 2, 1]):
        super().__init__()
        self.h = h
        self.blocks = nn.ModuleList(
            NHITSBlock(input_size, h, k, f) for k, f in zip(n_pool_kernel_size, n_freq_downsample)
        )

    def forward(self, insample_y, insample_mask):
        residuals = insample_y.flip(dims=(-1,))
        insample_mask = insample_mask.flip(dims=(-1,))
        forecast = insample_y[:, -1:]  # level with Naive1
        block_forecasts = [forecast.repeat(1, self.h)]
        for block in self.blocks:
            backcast, block_forecast = block(residuals)
            residuals = (residuals - backcast) * insample_mask
            forecast = forecast + block_forecast
            block_forecasts.append(block_forecast)
        return forecast, torch.stack(block_forecasts, dim=-1)


Model = NHITS


def inputs():
    torch.manual_seed(4715)
    m = torch.ones(3, 12); m[1, :4] = 0
    return [(torch.randn(2, 12), torch.ones(2, 12)), (torch.randn(3, 12), m)]
