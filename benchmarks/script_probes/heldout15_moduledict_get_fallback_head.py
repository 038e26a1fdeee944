# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiTaskHead(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.task_heads = nn.ModuleDict({"cls": nn.Linear(dim, 3), "reg": nn.Linear(dim, 3)})
        self.default = nn.Linear(dim, 3)
        self.task = "reg"

    def forward(self, x):
        head = self.task_heads.get(self.task, self.default)
        return head(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(6, 6)
        self.head = MultiTaskHead()

    def forward(self, x):
        return self.head(torch.relu(self.trunk(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
