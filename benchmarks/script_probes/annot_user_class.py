# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Config:
    def __init__(self, scale, name="cfg"):
        self.scale = scale
        self.name = name


def scaled(x: torch.Tensor, cfg: Config) -> torch.Tensor:
    return x * cfg.scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = Config(2.0)

    def forward(self, x):
        return scaled(x, self.cfg)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
