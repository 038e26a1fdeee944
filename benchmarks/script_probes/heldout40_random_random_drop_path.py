# ruff: noqa  (a probe is written as users write models)
import random

import torch
import torch.nn as nn
from torch import Tensor


class LayerDropBlock(nn.Module):
    """Residual block skipped as a whole with probability ``layer_drop`` during training."""

    def __init__(self, dim: int = 8, layer_drop: float = 0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.layer_drop = layer_drop

    def forward(self, x: Tensor) -> Tensor:
        if self.training and random.random() < self.layer_drop:
            return x
        return x + self.fc(self.norm(x))


Model = LayerDropBlock


def inputs():
    torch.manual_seed(4006)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
