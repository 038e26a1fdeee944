# ruff: noqa  (a probe is written as users write models)
from itertools import islice

import torch
from torch import nn


class ShallowInferenceStack(nn.Module):
    """Runs only the first num_active blocks (a fixed config value) of a deeper stack."""

    def __init__(self, dim=8, depth=6, num_active=4):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.SiLU()) for _ in range(depth))
        self.num_active = num_active

    def forward(self, x):
        for block in islice(self.blocks, self.num_active):
            x = x + block(x)
        return x


Model = ShallowInferenceStack


def inputs():
    torch.manual_seed(3617)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(5, 8),)]
