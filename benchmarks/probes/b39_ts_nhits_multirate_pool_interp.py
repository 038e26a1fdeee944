# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class NHITSConfig:
    input_size: int = 24
    h: int = 8
    hidden: int = 16
    pool_kernels: tuple = (4, 2, 1)
    freq_downsample: tuple = (4, 2, 1)
    dropout: float = 0.0


class NHITSBlock(nn.Module):
    def __init__(self, input_size, h, hidden, pool_kernel, n_knots, dropout):
        super().__init__()
        self.h = h
        self.n_knots = n_knots
        self.pool = nn.MaxPool1d(kernel_size=pool_kernel, stride=pool_kernel, ceil_mode=True)
        pooled = -(-input_size // pool_kernel)
        self.mlp = nn.Sequential(nn.Linear(pooled, hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, hidden), nn.ReLU())
        self.theta = nn.Linear(hidden, input_size + n_knots)
        self.input_size = input_size

    def forward(self, insample_y):
        x = self.pool(insample_y.unsqueeze(1)).squeeze(1)
        theta = self.theta(self.mlp(x))
        backcast = theta[:, : self.input_size]
        knots = theta[:, self.input_size :].unsqueeze(1)
        forecast = F.interpolate(knots, size=self.h, mode="linear", align_corners=False).squeeze(1)
        return backcast, forecast


class NHITS(nn.Module):
    """Hierarchical interpolation forecaster: each stack works at its own input sampling rate."""

    def __init__(self, cfg: NHITSConfig = NHITSConfig()):
        super().__init__()
        self.cfg = cfg
        self.blocks = nn.ModuleList(
            NHITSBlock(cfg.input_size, cfg.h, cfg.hidden, k, max(cfg.h // f, 1), cfg.dropout)
            for k, f in zip(cfg.pool_kernels, cfg.freq_downsample)
        )

    def forward(self, insample_y, insample_mask):
        scale = insample_y.abs().mul(insample_mask).sum(1, keepdim=True) / insample_mask.sum(1, keepdim=True).clamp(min=1)
        scale = torch.where(scale == 0, torch.ones_like(scale), scale)
        residuals = (insample_y / scale).flip(dims=(-1,))
        mask = insample_mask.flip(dims=(-1,))
        forecast = residuals[:, :1].expand(-1, self.cfg.h)
        block_forecasts = []
        for block in self.blocks:
            backcast, block_forecast = block(residuals)
            residuals = (residuals - backcast) * mask
            forecast = forecast + block_forecast
            block_forecasts.append(block_forecast)
        return forecast * scale, torch.stack(block_forecasts, dim=1)


Model = NHITS


def inputs():
    torch.manual_seed(3915)
    m2 = torch.ones(3, 24)
    m2[1, :5] = 0
    return [(torch.randn(2, 24), torch.ones(2, 24)), (torch.randn(3, 24) * 5, m2)]
