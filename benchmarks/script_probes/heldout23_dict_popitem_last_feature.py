# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class LastStageHead(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, 3, padding=1)
        self.stage1 = nn.Conv2d(dim, dim, 3, stride=2, padding=1)
        self.stage2 = nn.Conv2d(dim, dim * 2, 3, stride=2, padding=1)
        self.fc = nn.Linear(dim * 2, 3)

    def forward(self, x):
        feats: Dict[str, Tensor] = {}
        x = self.stem(x)
        feats["stem"] = x
        x = self.stage1(x)
        feats["stage1"] = x
        x = self.stage2(x)
        feats["stage2"] = x
        _, last = feats.popitem()
        return self.fc(last.mean(dim=(-2, -1)))


Model = LastStageHead


def inputs():
    torch.manual_seed(2303)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 12, 16),)]
