# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class BaseHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def project(self, x):
        return self.fc(x)

    def forward(self, x):
        return self.project(x)


class Model(BaseHead):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(4)

    def project(self, x):
        return self.norm(super().project(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
