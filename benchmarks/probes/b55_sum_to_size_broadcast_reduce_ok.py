# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChannelGateStats(nn.Module):
    """Vision: a per-channel statistic reduced back to the gate's broadcast shape with Tensor.sum_to_size."""

    def __init__(self, c: int = 4):
        super().__init__()
        self.gate = nn.Parameter(torch.ones(1, c, 1, 1))

    def forward(self, x):
        y = x * self.gate
        energy = (y * y).sum_to_size(self.gate.shape)
        return y / (energy.sqrt() + 1e-6)


Model = ChannelGateStats


def inputs():
    torch.manual_seed(5524)
    return [(torch.randn(2, 4, 5, 5),), (torch.randn(3, 4, 7, 6),)]
