from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    dim: int = 8
    activation: str = "gelu"
    residual: bool = True


def model_forward(self, x):
    h = self.fc(x)
    if self.config.activation == "gelu":
        h = F.gelu(h)
    else:
        h = F.relu(h)
    if self.config.residual:
        h = h + x
    return h
