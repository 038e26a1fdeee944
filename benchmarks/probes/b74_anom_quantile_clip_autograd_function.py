# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class QuantileClip(torch.autograd.Function):
    """Clips reconstruction errors at their 0.9 quantile (robust scoring); straight-through
    gradient."""

    @staticmethod
    def forward(ctx, err):
        hi = float(torch.quantile(err, 0.9))  # breaks: compile,export
        return err.clamp(max=hi)

    @staticmethod
    def backward(ctx, grad):
        return grad


class Model(nn.Module):
    """Autoencoder anomaly scorer with robust (clipped) per-feature errors."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.ae = nn.Sequential(nn.Linear(d, 3), nn.Tanh(), nn.Linear(3, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        err = (self.ae(x) - x).pow(2)
        return QuantileClip.apply(err).mean(-1)


def inputs():
    torch.manual_seed(7412)
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 5,)]
