# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AdaptiveDepth(nn.Module):
    """Runs the deep branch only when the input energy is high, via torch.cond."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.shallow = nn.Linear(dim, dim)
        self.deep = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def _deep(self, x: Tensor) -> Tensor:
        return self.deep(x)

    def _shallow(self, x: Tensor) -> Tensor:
        return self.shallow(x)

    def forward(self, x: Tensor) -> Tensor:
        return torch.cond(x.pow(2).mean() > 1.0, self._deep, self._shallow, (x,))


Model = AdaptiveDepth


def inputs():
    torch.manual_seed(3125)
    return [(torch.randn(2, 4) * 2,), (torch.randn(3, 4) * 0.1,)]
