import itertools

import torch
import torch.nn as nn


class CyclicScaleAugment(nn.Module):
    def __init__(self, dim=8, scales=(1.0, 0.5, 2.0)):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self._scales = itertools.cycle(scales)

    def forward(self, x):
        scale = next(self._scales)  # breaks: compile,export,trace
        return self.proj(x * scale)


Model = CyclicScaleAugment


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(3, 8),), (torch.randn(3, 8) + 1,), (torch.randn(3, 8) * 2,)]
