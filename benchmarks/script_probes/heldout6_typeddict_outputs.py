# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import TypedDict

import torch
from torch import nn


class ClassifierOutput(TypedDict):
    logits: torch.Tensor
    features: torch.Tensor


class Classifier(nn.Module):
    def __init__(self, dim: int, classes: int):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x: torch.Tensor) -> ClassifierOutput:
        feats = torch.relu(self.body(x))
        return {"logits": self.head(feats), "features": feats}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.clf = Classifier(4, 3)

    def forward(self, x):
        out = self.clf(x)
        return out["logits"] + out["features"].sum(-1, keepdim=True)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
