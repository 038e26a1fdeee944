# ruff: noqa  (a probe is written as users write models)
import abc

import torch
import torch.nn as nn
from torch import Tensor


class PoolingHead(nn.Module, abc.ABC):
    """Base head: subclasses choose the pooling; forward is shared."""

    def __init__(self, dim: int = 6, classes: int = 3):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    @abc.abstractmethod
    def pool(self, x: Tensor) -> Tensor:
        raise NotImplementedError

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(self.pool(x))


class GeMHead(PoolingHead):
    """Generalised-mean pooling over tokens."""

    def __init__(self, p: float = 3.0):
        super().__init__()
        self.p = p

    def pool(self, x: Tensor) -> Tensor:
        return x.clamp(min=1e-6).pow(self.p).mean(1).pow(1.0 / self.p)


Model = GeMHead


def inputs():
    torch.manual_seed(3219)
    return [(torch.rand(2, 5, 6),), (torch.rand(3, 2, 6),)]
