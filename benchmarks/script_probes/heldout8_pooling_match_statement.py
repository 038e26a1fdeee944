# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class GlobalPool(nn.Module):
    def __init__(self, pool_type: str = "avgmax"):
        super().__init__()
        self.pool_type = pool_type

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        match self.pool_type:
            case "avg":
                return x.mean((2, 3))
            case "max":
                return x.amax((2, 3))
            case "avgmax":
                return 0.5 * (x.mean((2, 3)) + x.amax((2, 3)))
            case _:
                raise ValueError(f"unknown pool type {self.pool_type}")


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.pool = GlobalPool("avgmax")
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.pool(torch.relu(self.conv(x))))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(3, 3, 6, 10),)]
