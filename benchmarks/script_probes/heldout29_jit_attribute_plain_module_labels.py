# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class SpeciesClassifier(nn.Module):
    """Camera-trap classifier: label names declared with torch.jit.Attribute, logits cut to them."""

    def __init__(self, dim: int = 6, max_classes: int = 5):
        super().__init__()
        self.labels = torch.jit.Attribute(["deer", "fox", "boar"], List[str])
        self.fc = nn.Linear(dim, max_classes)

    def forward(self, x: Tensor) -> Tensor:
        logits = self.fc(x)
        n = len(self.labels)
        return logits[:, :n].softmax(-1)


Model = SpeciesClassifier


def inputs():
    torch.manual_seed(2904)
    return [(torch.randn(3, 6),), (torch.randn(1, 6),)]
