# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class ScaledResidualBlock(nn.Module):
    """Residual block whose branch output is scaled by a forward hook set up in __init__."""

    def __init__(self, dim: int = 8, branch_scale: float = 0.5):
        super().__init__()
        self.branch = nn.Linear(dim, dim)

        def _scale_output(module: nn.Module, args: Tuple[Tensor], output: Tensor) -> Tensor:
            return output * branch_scale

        self.branch.register_forward_hook(_scale_output)

    def forward(self, x: Tensor) -> Tensor:
        return x + torch.relu(self.branch(x))


Model = ScaledResidualBlock


def inputs():
    torch.manual_seed(4113)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
