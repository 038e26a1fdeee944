# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ChannelLastNorm(nn.Module):
    """LayerNorm over channels for any-rank channel-first input."""

    def __init__(self, ch=4):
        super().__init__()
        self.norm = nn.LayerNorm(ch)

    def forward(self, x: Tensor) -> Tensor:
        dims = list(range(x.dim()))
        dims.remove(1)
        dims.append(1)
        y = self.norm(x.permute(dims))
        inverse = [0] * len(dims)
        for i, d in enumerate(dims):
            inverse[d] = i
        return y.permute(inverse)


Model = ChannelLastNorm


def inputs():
    torch.manual_seed(194)
    return [(torch.randn(2, 4, 5),), (torch.randn(1, 4, 3, 6),)]
