# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def smooth(self, x, width):
        return F.avg_pool1d(x.unsqueeze(1), width, stride=1, padding=width // 2).squeeze(1)

    def forward(self, x):
        return self.smooth(self.fc(x), 3)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
