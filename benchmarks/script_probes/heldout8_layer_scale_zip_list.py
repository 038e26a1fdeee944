# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class Config:
    dim = 8
    depth = 3
    layer_scale_init = 0.1


class Model(nn.Module):
    def __init__(self, cfg: Config = Config()):
        super().__init__()
        self.blocks = nn.ModuleList(
            [nn.Sequential(nn.LayerNorm(cfg.dim), nn.Linear(cfg.dim, cfg.dim), nn.Tanh()) for _ in range(cfg.depth)]
        )
        self.gammas: List[float] = [cfg.layer_scale_init * (i + 1) for i in range(cfg.depth)]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for blk, gamma in zip(self.blocks, self.gammas):
            x = x + gamma * blk(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 3, 8),)]
