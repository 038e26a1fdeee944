# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ClassifierOutput(NamedTuple):
    logits: Tensor
    aux_logits: Optional[Tensor]


class InceptionLikeHead(nn.Module):
    def __init__(self, dim: int = 8, num_classes: int = 5, aux: bool = False):
        super().__init__()
        self.fc = nn.Linear(dim, num_classes)
        self.aux = aux
        self.aux_fc = nn.Linear(dim, num_classes)

    def forward(self, x: Tensor) -> ClassifierOutput:
        pooled = F.adaptive_avg_pool1d(x, 1).squeeze(-1)
        aux_logits: Optional[Tensor] = None
        if self.aux:
            aux_logits = self.aux_fc(pooled)
        return ClassifierOutput(self.fc(pooled), aux_logits)


Model = InceptionLikeHead


def inputs():
    torch.manual_seed(2003)
    return [(torch.randn(2, 8, 4),), (torch.randn(3, 8, 7),)]
