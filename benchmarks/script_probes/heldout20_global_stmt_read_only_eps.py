# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor

_NORM_EPS = 1e-5


def rms_norm(x: Tensor) -> Tensor:
    global _NORM_EPS
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + _NORM_EPS)


class RMSNormBlock(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(rms_norm(x))


Model = RMSNormBlock


def inputs():
    torch.manual_seed(2030)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
