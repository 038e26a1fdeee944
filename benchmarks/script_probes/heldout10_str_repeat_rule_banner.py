# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.name = name
        self.fc = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.fc(x)
        rule = "-" * (len(self.name) + 4)
        if y.shape[-1] != 4:
            raise RuntimeError(rule + "\n| " + self.name + " |\n" + rule)
        return y + len(rule)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.probe = Probe()

    def forward(self, x):
        return self.probe(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
