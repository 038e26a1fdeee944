# ruff: noqa  (a probe is written as users write models)
from typing import Annotated

import torch
import torch.nn as nn

Dim = Annotated[int, "axis index"]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)

    def pool(self, x: torch.Tensor, dim: Dim = 1) -> torch.Tensor:
        return x.amax(dim=dim)

    def forward(self, x):
        return self.pool(self.fc(x), 1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 10),), (torch.randn(4, 6, 10),)]
