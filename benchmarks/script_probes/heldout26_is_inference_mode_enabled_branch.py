# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StochasticDepthBlock(nn.Module):
    """Residual MLP block that skips its noise path under inference mode."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        y = self.mlp(x)
        if torch.is_inference_mode_enabled():
            return x + y
        return x + 0.5 * y + 0.5 * y.detach()


Model = StochasticDepthBlock


def inputs():
    torch.manual_seed(2614)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
