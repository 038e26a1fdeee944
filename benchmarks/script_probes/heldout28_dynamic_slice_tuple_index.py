# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def select_last(x, dim: int):
    # generic N-d indexing: keep everything, take the last entry along dim
    index = [slice(None)] * x.dim()
    index[dim] = -1
    return x[tuple(index)]


class LastStepReadout(nn.Module):
    """Reads the last time step of a (B, C, T) or (B, C, H, T) map along its time axis."""

    def __init__(self, channels: int = 3):
        super().__init__()
        self.head = nn.Linear(channels, 2)

    def forward(self, x):
        last = select_last(x, x.dim() - 1)
        return self.head(last.flatten(2).mean(-1) if last.dim() > 2 else last)


Model = LastStepReadout


def inputs():
    torch.manual_seed(2817)
    return [(torch.randn(2, 3, 5),), (torch.randn(1, 3, 4, 6),)]
