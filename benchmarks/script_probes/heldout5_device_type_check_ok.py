# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if x.device.type == "cpu" and x.dtype == torch.float32:
            y = self.fc(x)
        else:
            y = self.fc(x.float()).to(x.dtype)
        return y.softmax(-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
