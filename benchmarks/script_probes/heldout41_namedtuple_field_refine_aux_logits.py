# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple, Optional

import torch
import torch.nn as nn
from torch import Tensor


class HeadOutput(NamedTuple):
    logits: Tensor
    aux_logits: Optional[Tensor]


class DeepSupervisionClassifier(nn.Module):
    """Classifier whose head may emit auxiliary logits; they are blended in when present."""

    def __init__(self, dim: int = 8, classes: int = 5, aux_weight: float = 0.3):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.aux_fc = nn.Linear(dim, classes)
        self.aux_weight = aux_weight

    def head(self, x: Tensor) -> HeadOutput:
        aux: Optional[Tensor] = None
        if x.shape[0] > 1:
            aux = self.aux_fc(x)
        return HeadOutput(self.fc(x), aux)

    def forward(self, x: Tensor) -> Tensor:
        out = self.head(x)
        if out.aux_logits is not None:
            return out.logits + self.aux_weight * out.aux_logits
        return out.logits


Model = DeepSupervisionClassifier


def inputs():
    torch.manual_seed(4115)
    return [(torch.randn(3, 8),), (torch.randn(1, 8),)]
