# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 3)})

    def run_head(self, x: torch.Tensor, name: str) -> torch.Tensor:
        return self.heads[name](x)

    def forward(self, x):
        return self.run_head(x, "cls") + self.run_head(x, "reg")


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
