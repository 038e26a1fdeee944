# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def safe_norm(x: torch.Tensor) -> torch.Tensor:
    try:
        return x / x.sum(dim=-1, keepdim=True)
    except RuntimeError:
        return x


class Model(nn.Module):
    def forward(self, x):
        return safe_norm(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
