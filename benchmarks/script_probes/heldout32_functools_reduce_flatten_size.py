# ruff: noqa  (a probe is written as users write models)
import functools
import operator

import torch
import torch.nn as nn
from torch import Tensor


class FlattenHead(nn.Module):
    """Flattens everything but the batch axis; the feature count is the product of the trailing
    sizes, computed with functools.reduce as many classifier heads do."""

    def __init__(self, features: int = 24, classes: int = 3):
        super().__init__()
        self.fc = nn.Linear(features, classes)

    def flat_features(self, x: Tensor) -> int:
        return functools.reduce(operator.mul, x.shape[1:], 1)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x.reshape(x.size(0), self.flat_features(x)))


Model = FlattenHead


def inputs():
    torch.manual_seed(3212)
    return [(torch.randn(2, 2, 3, 4),), (torch.randn(1, 4, 6),)]
