# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class MultiTaskHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.tasks = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 3)})

    def forward(self, x):
        out = torch.zeros(x.shape[0], 3)
        for key in self.tasks.keys():
            out = out + self.tasks[key](x)
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(5, 4)
        self.head = MultiTaskHead()

    def forward(self, x):
        return self.head(self.backbone(x).tanh())


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
