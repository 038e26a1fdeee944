# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn


class ClsOutput(NamedTuple):
    logits: torch.Tensor
    features: torch.Tensor


class Model(nn.Module):
    """Classifier returning a NamedTuple; temperature calibration is applied afterwards by
    swapping the logits field with NamedTuple._replace."""

    def __init__(self, d: int = 10, n_classes: int = 4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d, 16), nn.ReLU())
        self.fc = nn.Linear(16, n_classes)
        self.temperature = nn.Parameter(torch.tensor(1.5))

    def forward(self, x: torch.Tensor) -> ClsOutput:
        f = self.backbone(x)
        out = ClsOutput(logits=self.fc(f), features=f)
        out = out._replace(logits=out.logits / self.temperature)
        return out


def inputs():
    torch.manual_seed(5909)
    return [(torch.randn(3, 10),), (torch.randn(6, 10),)]
