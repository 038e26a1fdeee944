# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class EmaCentering(nn.Module):
    """DINO-style output centering with an EMA center kept under no_grad."""

    def __init__(self, dim: int = 6, momentum: float = 0.9):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("center", torch.zeros(1, dim))

    def forward(self, x: Tensor) -> Tensor:
        out = x - self.center
        with torch.no_grad():
            batch_center = x.mean(dim=0, keepdim=True)
            self.center.mul_(self.momentum).add_(batch_center * (1 - self.momentum))
        return out


Model = EmaCentering


def inputs():
    torch.manual_seed(2018)
    return [(torch.randn(4, 6),), (torch.randn(3, 6),)]
