# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class FlattenWithPosEmbed(nn.Module):
    """Flattens any spatial rank into tokens and adds a learned 1-D position table."""

    def __init__(self, channels: int = 8, max_tokens: int = 64):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(max_tokens, channels) * 0.02)

    def tokens(self, x: Tensor) -> Tensor:
        b, c, *spatial = x.shape
        n = 1
        for s in spatial:
            n = n * s
        return x.reshape(b, c, n).transpose(1, 2)

    def forward(self, x: Tensor) -> Tensor:
        t = self.tokens(x)
        return t + self.pos[: t.shape[1]]


Model = FlattenWithPosEmbed


def inputs():
    torch.manual_seed(3503)
    return [(torch.randn(2, 8, 4, 4),), (torch.randn(1, 8, 2, 3, 4),)]
