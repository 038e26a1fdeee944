# ruff: noqa  (a probe is written as users write models)
import itertools
import torch
import torch.nn as nn
from torch import Tensor


class DilatedTCN(nn.Module):
    """Temporal conv stack whose blocks cycle through a short list of dilation rates."""

    def __init__(self, ch: int = 4, depth: int = 5):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Conv1d(ch, ch, 3) for _ in range(depth)])
        self.dilations = [1, 2, 4]

    def forward(self, x: Tensor) -> Tensor:
        for block, d in zip(self.blocks, itertools.cycle(self.dilations)):
            y = nn.functional.conv1d(
                nn.functional.pad(x, (2 * d, 0)), block.weight, block.bias, dilation=d
            )
            x = x + torch.relu(y)
        return x


Model = DilatedTCN


def inputs():
    torch.manual_seed(4213)
    return [(torch.randn(2, 4, 16),), (torch.randn(1, 4, 9),)]
