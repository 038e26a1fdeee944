from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class ClassifierOutput:
    logits: torch.Tensor
    features: torch.Tensor


class Model(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        feats = torch.relu(self.body(x))
        return ClassifierOutput(logits=self.head(feats), features=feats)  # breaks: export,trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
