# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class HeadConfig:
    def __init__(self):
        self.dropout = 0.0
        self.scale = 2.0


def apply_head(x, cfg):
    return nn.functional.dropout(x, cfg.dropout) * cfg.scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return apply_head(self.fc(x), HeadConfig())


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
