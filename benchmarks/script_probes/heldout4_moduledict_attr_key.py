# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, modality="text"):
        super().__init__()
        self.adapters = nn.ModuleDict({"text": nn.Linear(4, 4), "image": nn.Linear(4, 4)})
        self.modality = modality

    def forward(self, x):
        return torch.relu(self.adapters[self.modality](x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
