# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class MultiTaskHead(nn.Module):
    def __init__(self, dim: int, tasks=("cls", "reg")):
        super().__init__()
        self.heads = nn.ModuleDict({t: nn.Linear(dim, 2) for t in tasks})
        self.task = "cls"

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.task in self.heads:
            for name, head in self.heads.items():
                if name == self.task:
                    return head(x)
        return x[:, :2]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(5, 5)
        self.head = MultiTaskHead(5)

    def forward(self, x):
        return self.head(self.backbone(x))


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
