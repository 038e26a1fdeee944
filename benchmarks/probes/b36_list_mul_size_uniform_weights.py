# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class UniformLayerMix(nn.Module):
    """Averages the hidden states of a stack with uniform weights over the stack depth."""

    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, stacked):
        # stacked: (layers, batch, dim)
        depth = stacked.size(0)
        weights = torch.tensor([1.0 / depth] * depth)
        mixed = (weights.view(-1, 1, 1) * stacked).sum(0)
        return self.proj(mixed)


Model = UniformLayerMix


def inputs():
    torch.manual_seed(3608)
    return [(torch.randn(4, 2, 8),), (torch.randn(4, 2, 8),), (torch.randn(6, 2, 8),)]
