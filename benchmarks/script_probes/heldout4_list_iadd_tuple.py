# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        feats: List[torch.Tensor] = [x]
        feats += (self.fc(x), self.fc(x) * 2)
        return torch.cat(feats, dim=-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
