# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


@dataclass
class HeadOutput:
    logits: Tensor
    aux: List[Tensor] = field(default_factory=list)


class DeepSupervisedHead(nn.Module):
    """Classifier that returns its logits with auxiliary logits from intermediate layers."""

    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.fc = nn.Linear(dim, classes)

    def forward(self, x: Tensor) -> Tensor:
        h = self.body(x).relu()
        out = HeadOutput(self.fc(h))
        out.aux.append(self.fc(x))
        return out.logits + 0.3 * out.aux[0]


Model = DeepSupervisedHead


def inputs():
    torch.manual_seed(3908)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
