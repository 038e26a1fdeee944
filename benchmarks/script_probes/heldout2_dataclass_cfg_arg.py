# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Cfg:
    scale: float = 2.0
    shift: float = 1.0


def apply_cfg(x: torch.Tensor, cfg: Cfg) -> torch.Tensor:
    return x * cfg.scale + cfg.shift


class Model(nn.Module):
    def forward(self, x):
        return apply_cfg(x, Cfg())


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
