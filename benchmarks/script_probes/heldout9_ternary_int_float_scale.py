# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Upsampler(nn.Module):
    def __init__(self, dim: int = 4, learned: bool = False):
        super().__init__()
        self.learned = learned
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        factor = 2 if x.shape[-1] % 2 == 0 else 1.5
        return self.proj(x) * factor


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = Upsampler()

    def forward(self, x):
        return self.up(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
