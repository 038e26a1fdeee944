# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


def finite_or_climatology(fn):
    """Station bias correction can blow up on missing sensors: fall back to the climatology."""

    @functools.wraps(fn)
    def wrapper(self, obs, clim):
        out = fn(self, obs, clim)
        if not torch.isfinite(out).all():  # breaks: compile,export,trace
            out = torch.where(torch.isfinite(out), out, clim)
        return out

    return wrapper


class Model(nn.Module):
    def __init__(self, n_vars: int = 3):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n_vars))
        self.shift = nn.Parameter(torch.zeros(n_vars))

    @finite_or_climatology  # breaks: script
    def forward(self, obs: torch.Tensor, clim: torch.Tensor) -> torch.Tensor:
        anomaly = (obs - clim) / obs.std(0, keepdim=True)
        return clim + self.scale * anomaly + self.shift


def inputs():
    torch.manual_seed(7202)
    obs = torch.randn(6, 3)
    bad = obs.clone()
    bad[:, 1] = 1.0
    return [(obs, torch.zeros(6, 3)), (bad, torch.zeros(6, 3))]
