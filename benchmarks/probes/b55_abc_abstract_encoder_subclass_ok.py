# ruff: noqa  (a probe is written as users write models)
from abc import ABC, abstractmethod

import torch
import torch.nn as nn


class BaseEncoder(nn.Module, ABC):
    """Library pattern: an abstract encoder base (ABC + abstractmethod) whose forward calls the subclass hook."""

    @abstractmethod
    def encode(self, x: torch.Tensor) -> torch.Tensor: ...

    def forward(self, x):
        return nn.functional.normalize(self.encode(x), dim=-1)


class MLPEncoder(BaseEncoder):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(10, 16), nn.GELU(), nn.Linear(16, 6))

    def encode(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


Model = MLPEncoder


def inputs():
    torch.manual_seed(5517)
    return [(torch.randn(3, 10),), (torch.randn(6, 10),)]
