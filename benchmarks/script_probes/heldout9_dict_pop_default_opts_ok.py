# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import Dict


class Blend(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor, opts: Dict[str, float]) -> torch.Tensor:
        opts = dict(opts)
        alpha = opts.pop("alpha", 0.5)
        beta = opts.pop("beta", 1.0)
        extra = sum(opts.values()) if len(opts) > 0 else 0.0
        return alpha * self.fc(x) + beta * x + extra


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blend = Blend()

    def forward(self, x, opts: Dict[str, float]):
        return self.blend(x, opts)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), {"alpha": 0.2}), (torch.randn(3, 4), {"beta": 2.0, "gamma": 0.1})]
