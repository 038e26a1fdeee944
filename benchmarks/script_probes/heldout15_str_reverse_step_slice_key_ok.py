# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.towers = nn.ModuleDict({"cba": nn.Linear(4, 4), "fed": nn.Linear(4, 4)})
        self.order = "abc"

    def forward(self, x):
        key = self.order[::-1]
        for name, tower in self.towers.items():
            if name == key:
                x = tower(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
