# ruff: noqa  (a probe is written as users write models)
from typing import NewType

import torch
import torch.nn as nn
from torch import Tensor

Temperature = NewType("Temperature", float)


def scaled_logits(logits: Tensor, temperature: Temperature) -> Tensor:
    return logits / temperature


class Classifier(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.temperature = Temperature(0.5)

    def forward(self, x: Tensor) -> Tensor:
        return scaled_logits(self.fc(x), self.temperature).softmax(-1)


Model = Classifier


def inputs():
    torch.manual_seed(2222)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
