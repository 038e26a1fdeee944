# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass, field
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


@dataclass
class ClassifierOutput:
    logits: Tensor
    features: Tensor
    probs: Optional[Tensor] = field(default=None)

    def __post_init__(self):
        if self.probs is None:
            self.probs = self.logits.softmax(dim=-1)


class Classifier(nn.Module):
    def __init__(self, d: int = 8, n_cls: int = 4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d, 16), nn.ReLU())
        self.fc = nn.Linear(16, n_cls)

    def forward(self, x: Tensor) -> ClassifierOutput:
        feats = self.backbone(x)
        return ClassifierOutput(logits=self.fc(feats), features=feats)


Model = Classifier


def inputs():
    torch.manual_seed(5123)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
