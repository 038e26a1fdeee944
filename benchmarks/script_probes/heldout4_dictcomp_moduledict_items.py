# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "box": nn.Linear(4, 3)})

    def forward(self, x):
        outs = {name: head(x) for name, head in self.heads.items()}
        return outs["cls"] + outs["box"]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
