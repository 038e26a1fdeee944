# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn

NUM_BANDS = 4


class FourierFeatures(nn.Module):
    def __init__(self, in_dim: int = 2, bands: int = NUM_BANDS):
        super().__init__()
        self.bands = bands
        self.proj = nn.Linear(in_dim * bands * 2, 8)

    def forward(self, coords: torch.Tensor) -> torch.Tensor:
        feats = []
        for k in range(self.bands):
            phase = coords * (math.tau * (k + 1))
            feats.append(torch.sin(phase))
            feats.append(torch.cos(phase))
        return self.proj(torch.cat(feats, dim=-1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = FourierFeatures()

    def forward(self, coords):
        return self.enc(coords)


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(3, 2),), (torch.rand(5, 2),)]
