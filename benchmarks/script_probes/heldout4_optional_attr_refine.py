# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class Model(nn.Module):
    prompt: Optional[torch.Tensor]

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.prompt = torch.ones(4)

    def forward(self, x):
        y = self.fc(x)
        if self.prompt is not None:
            y = y + self.prompt
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
