# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class PyramidCfg:
    def __init__(self, levels: int = 2, dim: int = 8):
        self.levels = levels
        self.dim = dim


class PyramidPool(nn.Module):
    def __init__(self, cfg: PyramidCfg):
        super().__init__()
        self.levels = cfg.levels
        self.proj = nn.Linear(cfg.dim, cfg.dim)

    def cells(self) -> int:
        return 2**self.levels

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = self.cells()
        x = self.proj(x)
        return x.reshape(x.shape[0], n, -1).mean(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = PyramidPool(PyramidCfg())

    def forward(self, x):
        return self.pool(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
