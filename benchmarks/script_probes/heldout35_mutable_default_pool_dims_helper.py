# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PooledClassifier(nn.Module):
    """Classifier head whose pooling helper takes the reduced dims as a list default."""

    def __init__(self, channels: int = 8, num_classes: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(3, channels, 3, padding=1)
        self.fc = nn.Linear(channels, num_classes)

    def pool(self, x: Tensor, dims: List[int] = [2, 3]) -> Tensor:
        return x.mean(dim=dims)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(self.pool(torch.relu(self.conv(x))))


Model = PooledClassifier


def inputs():
    torch.manual_seed(3504)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 5, 7),)]
