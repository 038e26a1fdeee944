# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, in_dim: int = 6, dim: int = 8):
        super().__init__()
        self.embed = nn.Linear(in_dim, dim)
        self.mix = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward_features(self, x: torch.Tensor) -> torch.Tensor:
        x = self.embed(x)
        return x + self.mix(x)

    forward = forward_features


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.encoder(x).mean(1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 6),), (torch.randn(4, 5, 6),)]
