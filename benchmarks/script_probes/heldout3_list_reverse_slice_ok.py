# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        feats = [x, self.fc(x), self.fc(x) * 2]
        out = feats[0]
        for f in feats[::-1]:
            out = out * 0.5 + f
        return out


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
