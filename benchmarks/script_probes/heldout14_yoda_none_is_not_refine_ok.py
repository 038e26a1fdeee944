# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x, bias: Optional[torch.Tensor] = None):
        h = self.fc(x)
        if None is not bias:
            h = h + bias
        return torch.relu(h)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6), torch.randn(6)), (torch.randn(3, 6), None)]
