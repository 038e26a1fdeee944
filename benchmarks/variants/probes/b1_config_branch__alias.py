from dataclasses import dataclass

import torch as T
from torch import nn as tnn
F = T.nn.functional


@dataclass
class Config:
    dim: int = 8
    activation: str = "gelu"
    residual: bool = True


class Model(tnn.Module):
    def __init__(self, config: Config = Config()):
        super().__init__()
        self.config = config
        self.fc = tnn.Linear(config.dim, config.dim)

    def forward(self, x):
        h = self.fc(x)
        if self.config.activation == "gelu":
            h = F.gelu(h)
        else:
            h = F.relu(h)
        if self.config.residual:
            h = h + x
        return h


def inputs():
    return [(T.randn(2, 8),), (T.randn(3, 8),)]
