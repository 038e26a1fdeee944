from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class MLPConfig:
    dim: int = 8
    hidden: int = 16
    act: str = "gelu"
    bias: bool = True
    dropout: float = 0.0
    residual: bool = True


class MLP(nn.Module):
    def __init__(self, cfg: MLPConfig):
        super().__init__()
        self.cfg = cfg
        self.up = nn.Linear(cfg.dim, cfg.hidden, bias=cfg.bias)
        self.down = nn.Linear(cfg.hidden, cfg.dim, bias=cfg.bias)

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


def model_forward(self, x):
    return self.mlp(x)
