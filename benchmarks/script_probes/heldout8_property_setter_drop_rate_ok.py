# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class ClassifierHead(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 5, drop_rate: float = 0.1):
        super().__init__()
        self._drop_rate = 0.0
        self.drop_rate = drop_rate
        self.fc = nn.Linear(dim, classes)

    @property
    def drop_rate(self) -> float:
        return self._drop_rate

    @drop_rate.setter
    def drop_rate(self, value: float) -> None:
        if not 0.0 <= value < 1.0:
            raise ValueError("drop rate must be in [0, 1)")
        self._drop_rate = value

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.dropout(x, p=self.drop_rate, training=self.training)
        return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 8), nn.SiLU())
        self.head = ClassifierHead()
        self.head.drop_rate = 0.25

    def forward(self, x):
        return self.head(self.body(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(7, 6),)]
