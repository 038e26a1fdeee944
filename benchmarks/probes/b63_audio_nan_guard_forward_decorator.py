# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


def sanitize_output(fn):
    """Replace non-finite outputs, but only pay for nan_to_num when something went wrong."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        out = fn(self, *args, **kwargs)
        if not torch.isfinite(out).all():  # breaks: compile,export,trace
            out = torch.nan_to_num(out, nan=0.0, posinf=1e4, neginf=-1e4)
        return out

    return wrapper


class Model(nn.Module):
    """Spectral gain estimator (log of a ratio: a silent frame gives -inf)."""

    def __init__(self, bins: int = 33):
        super().__init__()
        self.gain = nn.Linear(bins, bins)

    @sanitize_output  # breaks: script
    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        return torch.log(spec) + self.gain(spec)


def inputs():
    torch.manual_seed(6311)
    clean = torch.rand(2, 10, 33) + 0.1
    silent = torch.rand(1, 6, 33)
    silent[:, 2] = 0.0
    return [(clean,), (silent,)]
