# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"depth=2": nn.Linear(6, 6), "depth=3": nn.Linear(6, 3)})
        self.depth = 2

    def forward(self, x):
        depth = self.depth
        key = f"{depth=}"
        out = x
        for name, head in self.heads.items():
            if name == key:
                out = head(x)
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
