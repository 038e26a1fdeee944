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
    """RMS norm that keeps its config object and reads eps/scale from it in forward."""

    def __init__(self, dim: int = 8, config: NormConfig = NormConfig()):
        super().__init__()
        self.config = config
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: Tensor) -> Tensor:
        rms = x.pow(2).mean(-1, keepdim=True).add(self.config.eps).rsqrt()
        return x * rms * self.weight * self.config.scale


Model = RMSNorm


def inputs():
    torch.manual_seed(3410)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
