# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class GroupScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.keys = ["encoder.layer.0", "encoder.layer.1", "head.fc"]
        self.scales = nn.Parameter(torch.ones(3))
        self.fc = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor, group: str) -> torch.Tensor:
        total = torch.zeros(())
        for i, key in enumerate(self.keys):
            top, rest = key.split(".", 1)
            if top == group and rest.strip():
                total = total + self.scales[i]
        return self.fc(x) * total


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gs = GroupScale()

    def forward(self, x, group: str):
        return self.gs(x, group)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), "encoder"), (torch.randn(3, 4), "head")]
