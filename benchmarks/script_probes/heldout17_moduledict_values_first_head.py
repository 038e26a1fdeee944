# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"seg": nn.Linear(6, 3), "depth": nn.Linear(6, 1)})

    def forward(self, x):
        primary = list(self.heads.values())[0]
        return primary(x)


Model = MultiTask


def inputs():
    torch.manual_seed(14)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
