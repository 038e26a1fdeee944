# ruff: noqa  (a probe is written as users write models)
import math
from collections import ChainMap

import torch
import torch.nn as nn

DEFAULTS = {"sigma_data": 0.5, "guidance": 1.0, "clip_denoised": True, "clip_value": 1.0}


def resolve(overrides, defaults=DEFAULTS):
    # layered config: per-model overrides first, library defaults behind them
    return ChainMap(overrides, defaults)


class TinyDenoiser(nn.Module):
    def __init__(self, d: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d + 1, 32), nn.SiLU(), nn.Linear(32, d))

    def forward(self, x, c_noise):
        return self.net(torch.cat([x, c_noise.expand(x.shape[0], 1)], dim=-1))


class EDMPrecond(nn.Module):
    """Karras-style preconditioning around a raw denoiser."""

    def __init__(self, overrides=None):
        super().__init__()
        self.overrides = dict(overrides or {"sigma_data": 0.6})
        self.model = TinyDenoiser()

    def forward(self, x, sigma):
        cfg = resolve(self.overrides)
        sd = cfg["sigma_data"]
        c_skip = sd**2 / (sigma**2 + sd**2)
        c_out = sigma * sd / (sigma**2 + sd**2).sqrt()
        c_in = 1.0 / (sd**2 + sigma**2).sqrt()
        c_noise = sigma.log() / 4
        d = c_skip * x + c_out * self.model(c_in * x, c_noise)
        if cfg["clip_denoised"]:
            d = d.clamp(-cfg["clip_value"], cfg["clip_value"])
        return d * cfg["guidance"]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.precond = EDMPrecond()

    def forward(self, x, sigma):
        denoised = self.precond(x, sigma)
        return (x - denoised) / sigma  # ODE derivative dx/dsigma


def inputs():
    torch.manual_seed(5612)
    return [
        (torch.randn(3, 16), torch.full((1, 1), math.e)),
        (torch.randn(5, 16), torch.full((1, 1), 0.7)),
    ]
