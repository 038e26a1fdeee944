# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.names = ["head.cls", "head.box"]

    def forward(self, x):
        out: Dict[str, torch.Tensor] = {}
        for i, name in enumerate(self.names):
            out[name.removeprefix("head.")] = self.fc(x) * (i + 1)
        return out["cls"] - out["box"]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
