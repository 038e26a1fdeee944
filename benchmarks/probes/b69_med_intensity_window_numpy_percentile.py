# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class IntensityWindow(nn.Module):
    """CT preprocessing inside the model: clip to the 1st..99th percentile and rescale to [0, 1]."""

    def __init__(self, lower: float = 1.0, upper: float = 99.0):
        super().__init__()
        self.q = (lower, upper)

    def forward(self, vol: torch.Tensor) -> torch.Tensor:
        lo, hi = np.percentile(vol.detach().cpu().numpy(), self.q)  # breaks: export,trace,script
        return ((vol - lo) / (hi - lo + 1e-6)).clamp(0.0, 1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.window = IntensityWindow()
        self.conv = nn.Conv3d(1, 2, 3, padding=1)

    def forward(self, vol: torch.Tensor) -> torch.Tensor:
        return self.conv(self.window(vol))


def inputs():
    torch.manual_seed(6924)
    return [(torch.randn(1, 1, 6, 8, 8) * 300 + 40,), (torch.randn(1, 1, 6, 8, 8) * 80 - 500,)]
