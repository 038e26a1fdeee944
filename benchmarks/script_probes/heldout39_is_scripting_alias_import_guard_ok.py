# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn
from torch import Tensor
from torch.jit import is_scripting


class LoggedProjection(nn.Module):
    """Projection that records activation statistics in eager mode only."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.stats = []

    def forward(self, x: Tensor) -> Tensor:
        y = self.fc(x)
        if not is_scripting():
            self.stats.append(float(np.abs(y.detach().numpy()).mean()))
        return y


Model = LoggedProjection


def inputs():
    torch.manual_seed(3919)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
