# ruff: noqa  (a probe is written as users write models)
import enum
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class Outputs(enum.Flag):
    LOGITS = 1
    FEATURES = 2
    POOLED = 4


class Backbone(nn.Module):
    """Backbone whose returned entries are chosen by a combination of output flags."""

    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, classes)
        self.want = Outputs.LOGITS | Outputs.POOLED

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        feats = torch.relu(self.encoder(x))
        pooled = feats.mean(1)
        out: Dict[str, Tensor] = {}
        if Outputs.FEATURES in self.want:
            out["features"] = feats
        if Outputs.POOLED in self.want:
            out["pooled"] = pooled
        if Outputs.LOGITS in self.want:
            out["logits"] = self.head(pooled)
        return out


Model = Backbone


def inputs():
    torch.manual_seed(3816)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
