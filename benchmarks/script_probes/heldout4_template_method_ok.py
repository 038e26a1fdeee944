# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class BaseBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(4)

    def mix(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    def forward(self, x):
        return x + self.mix(self.norm(x))


class Model(BaseBlock):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def mix(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
