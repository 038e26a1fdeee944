# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class MultiLabelHead(nn.Module):
    """Head that declares its label names with torch.jit.Attribute and scales by their count."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.labels = torch.jit.Attribute(["cat", "dog", "bird"], List[str])
        self.fc = nn.Linear(dim, 3)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x) / len(self.labels)


Model = MultiLabelHead


def inputs():
    torch.manual_seed(3511)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
