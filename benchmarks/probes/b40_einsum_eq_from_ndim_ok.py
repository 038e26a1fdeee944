# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelMix(nn.Module):
    """Mixes the channel axis of a (B, C, ...) tensor with an einsum equation built from ndim."""

    letters = "bcdefghij"

    def __init__(self, c_in=4, c_out=6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(c_in, c_out) * 0.2)

    def forward(self, x):
        rest = self.letters[2 : x.dim()]
        eq = f"bc{rest},cz->bz{rest}"
        return torch.einsum(eq, x, self.weight)


Model = ChannelMix


def inputs():
    torch.manual_seed(4024)
    return [(torch.randn(2, 4, 5),), (torch.randn(2, 4, 5),), (torch.randn(3, 4, 3),)]
