# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class ChannelNorm(nn.Module):
    EPS_BY_DTYPE = {"float32": 1e-6, "float16": 1e-3, "bfloat16": 1e-2}

    def __init__(self, channels: int, precision: str = "float32"):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))
        self.precision = precision

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        eps = self.EPS_BY_DTYPE[self.precision]
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, (x.shape[-1],), self.weight, self.bias, eps)
        return x.permute(0, 3, 1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.norm = ChannelNorm(6)

    def forward(self, x):
        return self.norm(self.conv(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 6),)]
