# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class NormCfg:
    eps: float
    scale: float


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        cfg = NormCfg(1e-5, 2.0)
        y = self.fc(x)
        return cfg.scale * y / (y.abs().sum(-1, keepdim=True) + cfg.eps)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
