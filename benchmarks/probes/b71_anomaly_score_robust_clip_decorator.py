# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


def robust_clip(fn):
    """Caps anomaly scores at mean + 3 std of the batch so one burst cannot dominate."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        scores = fn(*args, **kwargs)
        hi = float(scores.mean() + 1.5 * scores.std())  # breaks: compile,export,trace
        return scores.clamp(max=hi)

    return wrapper


@robust_clip  # breaks: script
def reconstruction_error(x: torch.Tensor, x_hat: torch.Tensor) -> torch.Tensor:
    return (x - x_hat).pow(2).mean(-1)


class Model(nn.Module):
    """Time-series autoencoder; anomaly score is the clipped per-window reconstruction error."""

    def __init__(self, window: int = 12, code: int = 3):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(window, 6), nn.Tanh(), nn.Linear(6, code))
        self.dec = nn.Sequential(nn.Linear(code, 6), nn.Tanh(), nn.Linear(6, window))

    def forward(self, windows: torch.Tensor) -> torch.Tensor:
        return reconstruction_error(windows, self.dec(self.enc(windows)))


def inputs():
    torch.manual_seed(7113)
    a = torch.randn(6, 12)
    a[2] += 8.0
    b = torch.randn(6, 12)
    b[4] -= 5.0
    return [(a,), (b,)]
