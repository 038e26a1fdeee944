# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.aux = nn.Linear(4, 1)

    def aux_loss(self, x: torch.Tensor):
        if self.training:
            return self.aux(x).mean()
        return None

    def forward(self, x):
        loss = self.aux_loss(x)
        y = self.fc(x)
        if loss is not None:
            y = y + loss
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
