# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class Block(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x).relu()


class FeatureTapNet(nn.Module):
    """Keeps the middle block's output through a forward hook for a distillation loss."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.b1 = Block(dim)
        self.b2 = Block(dim)
        self.last_mid = torch.zeros(1)
        self.b1.register_forward_hook(self._keep)

    def _keep(self, module, inp, out):
        self.last_mid = out.detach()

    def forward(self, x: Tensor) -> Tensor:
        return self.b2(self.b1(x))


Model = FeatureTapNet


def inputs():
    torch.manual_seed(3928)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
