# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class ExitableEncoder(nn.Module):
    """Encoder with an optional exit layer; the final norm runs in the for-loop's else clause."""

    def __init__(self, d: int = 8, depth: int = 3, exit_layer: Optional[int] = None):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(d, d) for _ in range(depth))
        self.norm = nn.LayerNorm(d)
        self.exit_layer = exit_layer

    def forward(self, x: Tensor) -> Tensor:
        for i, blk in enumerate(self.blocks):
            x = x + torch.relu(blk(x))
            if self.exit_layer is not None and i == self.exit_layer:
                break
        else:
            x = self.norm(x)
        return x


Model = ExitableEncoder


def inputs():
    torch.manual_seed(5207)
    return [(torch.randn(2, 8),), (torch.randn(4, 3, 8),)]
