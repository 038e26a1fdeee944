# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.thresholds = [0.9, 0.5, 0.1]
        self.fc = nn.Linear(4, 1)

    def forward(self, x):
        score = self.fc(x).sigmoid()
        frac = float((score > 0.5).float().mean())
        level = 0
        for i, t in enumerate(self.thresholds):
            if frac >= t:
                level = i
                break
        else:
            level = len(self.thresholds)
        return score * (level + 1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(7, 4),)]
