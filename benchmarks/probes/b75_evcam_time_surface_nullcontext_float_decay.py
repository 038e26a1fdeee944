# ruff: noqa  (a probe is written as users write models)
import contextlib
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Time-surface features: per-pixel latest timestamps decayed by exp(-dt / tau), with the
    decay normalised to the window's time span. The surface builder can be frozen."""

    def __init__(self, tau: float = 0.5, frozen: bool = True):
        super().__init__()
        self.tau, self.frozen = tau, frozen
        self.conv = nn.Conv2d(1, 3, 3, padding=1)

    def forward(self, stamps: torch.Tensor) -> torch.Tensor:
        ctx = torch.no_grad() if self.frozen else contextlib.nullcontext()  # breaks: script
        with ctx:
            span = float(stamps.max() - stamps.min())  # breaks: compile,export,trace
            decay = math.exp(-span / self.tau)
            surface = torch.exp((stamps - stamps.amax((-2, -1), keepdim=True)) / self.tau) * (1 - decay)
        return self.conv(surface)


def inputs():
    torch.manual_seed(7514)
    return [(torch.rand(1, 1, 5, 5),), (torch.rand(1, 1, 5, 5) * 3,)]
