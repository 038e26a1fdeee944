# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.use_gate = True

    def forward(self, x: Tensor) -> Tensor:
        out: Tensor
        h = self.fc(x)
        if self.use_gate:
            out = h * torch.sigmoid(x)
        else:
            out = h
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
