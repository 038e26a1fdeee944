# ruff: noqa  (a probe is written as users write models)
import contextlib
import torch
import torch.nn as nn
from torch import Tensor


@contextlib.contextmanager
def fp32_region(enabled: bool):
    prev = torch.is_autocast_enabled()
    if enabled:
        torch.set_autocast_enabled(False)
    yield
    torch.set_autocast_enabled(prev)


class StableNorm(nn.Module):
    """RMS norm computed in a region where autocast is switched off, through a small context-manager helper."""

    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x: Tensor) -> Tensor:
        with fp32_region(True):
            xf = x.float()
            y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * self.weight).to(x.dtype)


Model = StableNorm


def inputs():
    torch.manual_seed(4214)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
