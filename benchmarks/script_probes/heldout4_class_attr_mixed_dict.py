# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    DEFAULTS = {"scale": 0.5, "repeats": 2}

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        for _ in range(self.DEFAULTS["repeats"]):
            y = y * self.DEFAULTS["scale"]
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
