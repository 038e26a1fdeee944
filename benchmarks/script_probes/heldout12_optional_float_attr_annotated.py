# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn as nn


class LogitHead(nn.Module):
    temperature: Optional[float]

    def __init__(self, dim: int = 8, classes: int = 4, temperature: Optional[float] = 0.7):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.temperature = temperature

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits = self.fc(x)
        if self.temperature is not None:
            logits = logits / self.temperature
        return logits.log_softmax(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = LogitHead()

    def forward(self, x):
        return self.head(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(7, 8),)]
