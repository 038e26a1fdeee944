# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MinMaxObserver(nn.Module):
    """Per-channel running min/max observer; the quantisation grid follows the observed range."""

    def __init__(self, c: int, momentum: float = 0.5):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("lo", torch.zeros(c))
        self.register_buffer("hi", torch.ones(c))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.no_grad():
            self.lo.lerp_(x.amin(dim=0), self.momentum)  # breaks: trace
            self.hi.lerp_(x.amax(dim=0), self.momentum)
        return x


class Model(nn.Module):
    def __init__(self, c: int = 4, levels: int = 15):
        super().__init__()
        self.obs = MinMaxObserver(c)
        self.levels = levels

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.obs(x)
        scale = (self.obs.hi - self.obs.lo).clamp(min=1e-6) / self.levels
        q = torch.round((x - self.obs.lo) / scale).clamp(0, self.levels)
        return q * scale + self.obs.lo


def inputs():
    torch.manual_seed(6620)
    return [(torch.randn(5, 4),), (torch.randn(5, 4) * 2,)]
