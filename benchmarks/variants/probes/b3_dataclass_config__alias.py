from dataclasses import dataclass

import torch as T
from torch import nn as tnn
F = T.nn.functional


@dataclass
class MLPConfig:
    dim: int = 8
    hidden: int = 16
    act: str = "gelu"
    bias: bool = True
    dropout: float = 0.0
    residual: bool = True


class MLP(tnn.Module):
    def __init__(self, cfg: MLPConfig):
        super().__init__()
        self.cfg = cfg
        self.up = tnn.Linear(cfg.dim, cfg.hidden, bias=cfg.bias)
        self.down = tnn.Linear(cfg.hidden, cfg.dim, bias=cfg.bias)

    def forward(self, x):
        h = self.up(x)
        if self.cfg.act == "gelu":
            h = F.gelu(h)
        elif self.cfg.act == "relu":
            h = F.relu(h)
        if self.cfg.dropout > 0:
            h = F.dropout(h, self.cfg.dropout, self.training)
        h = self.down(h)
        return x + h if self.cfg.residual else h


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = MLP(MLPConfig())

    def forward(self, x):
        return self.mlp(x)


def inputs():
    return [(T.randn(2, 8),), (T.randn(5, 8),)]
