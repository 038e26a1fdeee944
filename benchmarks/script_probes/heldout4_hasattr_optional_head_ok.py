# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.pre_logits = nn.Tanh()

    def forward(self, x):
        x = self.fc(x)
        if hasattr(self, "pre_logits"):
            x = self.pre_logits(x)
        if hasattr(self, "dist_head"):
            x = x * 2
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
