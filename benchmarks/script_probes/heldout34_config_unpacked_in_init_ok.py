# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch import Tensor


@dataclass
class NormConfig:
    eps: float = 1e-5
    scale: float = 2.0


class RMSNorm(nn.Module):
    """RMS norm built from a config object whose fields are copied to attributes in __init__."""

    def __init__(self, dim: int = 8, config: NormConfig = NormConfig()):
        super().__init__()
        self.eps = config.eps
        self.scale = config.scale
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: Tensor) -> Tensor:
        rms = x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
        return x * rms * self.weight * self.scale


Model = RMSNorm


def inputs():
    torch.manual_seed(3440)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
