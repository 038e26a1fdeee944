# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvAct(nn.Module):
    def __init__(self, cin: int = 3, cout: int = 4, act: str = "silu"):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.act = act

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return getattr(F, self.act)(self.conv(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = ConvAct()
        self.head = ConvAct(4, 2, act="relu")

    def forward(self, x):
        return self.head(self.stem(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 6),)]
