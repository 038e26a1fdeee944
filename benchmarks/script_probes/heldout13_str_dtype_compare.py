# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Upcast(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if str(x.dtype) == "torch.float32":
            x = x * 2.0
        return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = Upcast()

    def forward(self, x):
        return self.up(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
