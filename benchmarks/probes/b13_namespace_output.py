from types import SimpleNamespace

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        feats = torch.relu(self.body(x))
        logits = self.head(feats)
        return SimpleNamespace(features=feats, logits=logits)  # breaks: compile,export,trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
