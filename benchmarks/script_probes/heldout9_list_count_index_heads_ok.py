# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class TaskHeads(nn.Module):
    def __init__(self, tasks: List[str] = ["cls", "reg", "cls", "seg"]):
        super().__init__()
        self.tasks = tasks
        self.n_cls = tasks.count("cls")
        self.heads = nn.ModuleList([nn.Linear(6, 2) for _ in tasks])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        first_reg = self.tasks.index("reg")
        total = torch.zeros(x.shape[0], 2)
        for i, head in enumerate(self.heads):
            if self.tasks[i] == "cls":
                total = total + head(x) / self.n_cls
            elif i == first_reg:
                total = total + head(x).tanh()
        return total


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = TaskHeads()

    def forward(self, x):
        return self.heads(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
