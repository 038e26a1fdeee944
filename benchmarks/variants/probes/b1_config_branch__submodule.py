from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    dim: int = 8
    activation: str = "gelu"
    residual: bool = True


class Inner(nn.Module):
    def __init__(self, config: Config = Config()):
        super().__init__()
        self.config = config
        self.fc = nn.Linear(config.dim, config.dim)

    def forward(self, x):
        h = self.fc(x)
        if self.config.activation == "gelu":
            h = F.gelu(h)
        else:
            h = F.relu(h)
        if self.config.residual:
            h = h + x
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
