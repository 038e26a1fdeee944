# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.hparams: Dict[str, float] = {"temperature": 2.0}

    def forward(self, x):
        scale = self.hparams.get("logit_scale", 1)
        temp = self.hparams.get("temperature", 1.0)
        return self.fc(x) * scale / temp


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
