import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        rows = []
        for row in x:
            rows.append(row.softmax(-1))
        return torch.stack(rows)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
