# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
from torch import Tensor

HeadOutput = NamedTuple("HeadOutput", [("logits", Tensor), ("features", Tensor)])


class ClsHead(nn.Module):
    def __init__(self, dim: int = 6, classes: int = 3):
        super().__init__()
        self.pool_proj = nn.Linear(dim, dim)
        self.fc = nn.Linear(dim, classes)

    def forward(self, x) -> HeadOutput:
        feats = torch.tanh(self.pool_proj(x.mean(dim=1)))
        return HeadOutput(self.fc(feats), feats)


Model = ClsHead


def inputs():
    torch.manual_seed(2524)
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
