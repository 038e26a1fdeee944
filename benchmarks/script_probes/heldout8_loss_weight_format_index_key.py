# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class MultiStageHead(nn.Module):
    def __init__(self, dim: int = 6, stages: int = 3, classes: int = 4):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, classes) for _ in range(stages)])
        self.weights: Dict[str, float] = {}
        for i in range(stages):
            self.weights["{0}_{1}".format("stage", i)] = 0.5 ** (stages - 1 - i)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        out = torch.zeros(feats.shape[0], 4)
        for i, head in enumerate(self.heads):
            key = "{0}_{1}".format("stage", i)
            w = self.weights.get(key, 0.0)
            out = out + w * head(feats[:, i])
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = MultiStageHead()

    def forward(self, x):
        return self.head(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 6),), (torch.randn(5, 3, 6),)]
