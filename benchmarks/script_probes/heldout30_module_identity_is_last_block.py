# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Stage(nn.Module):
    """Encoder stage; every block except the last one is followed by a downsample."""

    def __init__(self, ch: int = 4, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Conv2d(ch, ch, 3, padding=1) for _ in range(depth)])
        self.down = nn.AvgPool2d(2, ceil_mode=True)

    def forward(self, x: Tensor) -> Tensor:
        last = self.blocks[-1]
        for blk in self.blocks:
            x = torch.relu(blk(x))
            if blk is not last:
                x = self.down(x)
        return x


Model = Stage


def inputs():
    torch.manual_seed(3026)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 12, 6),)]
