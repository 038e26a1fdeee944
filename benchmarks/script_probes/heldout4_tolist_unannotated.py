# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, lengths):
        sizes = lengths.tolist()
        chunks = torch.split(self.fc(x), sizes, dim=0)
        return torch.stack([c.sum(0) for c in chunks])


def inputs():
    return [
        (torch.randn(3, 4), torch.tensor([1, 2])),
        (torch.randn(5, 4), torch.tensor([2, 3])),
    ]
