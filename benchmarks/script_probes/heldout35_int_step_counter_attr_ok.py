# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class WarmupGate(nn.Module):
    """Residual branch gated by a warm-up factor from a step counter kept on the module."""

    def __init__(self, dim: int = 6, warmup: int = 4):
        super().__init__()
        self.warmup = warmup
        self.num_calls = 0
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        self.num_calls += 1
        alpha = min(1.0, self.num_calls / self.warmup)
        return x + alpha * self.fc(x)


Model = WarmupGate


def inputs():
    torch.manual_seed(3524)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),), (torch.randn(1, 6),)]
