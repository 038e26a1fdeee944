# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, order="hwc"):
        super().__init__()
        self.order = order
        self.mixers = nn.ModuleDict({"cwh": nn.Linear(4, 4), "hwc": nn.Linear(4, 4)})

    def forward(self, x):
        key = "".join(reversed(self.order))
        for name, mixer in self.mixers.items():
            if name == key:
                x = mixer(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
