# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Decoder(nn.Module):
    def __init__(self, depth: int = 3, dim: int = 4):
        super().__init__()
        self.ups = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, feats):
        x = feats[-1]
        for i, up in reversed(list(enumerate(self.ups))):
            x = up(x) + feats[i]
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.dec = Decoder()

    def forward(self, a, b, c):
        return self.dec([a, b, c])


def inputs():
    torch.manual_seed(0)
    return [tuple(torch.randn(2, 4) for _ in range(3)), tuple(torch.randn(3, 4) for _ in range(3))]
