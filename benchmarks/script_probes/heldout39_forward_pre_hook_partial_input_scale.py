# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn
from torch import Tensor


def scale_input(module: nn.Module, args: tuple, factor: float):
    return (args[0] * factor,)


class ScaledInputMLP(nn.Module):
    """MLP whose input is rescaled by a pre-hook bound to a fixed factor."""

    def __init__(self, dim: int = 8, factor: float = 0.5):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_forward_pre_hook(functools.partial(scale_input, factor=factor))

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x).relu()


Model = ScaledInputMLP


def inputs():
    torch.manual_seed(3916)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
