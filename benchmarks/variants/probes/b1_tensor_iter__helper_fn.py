import torch
from torch import nn


def model_forward(self, x):
    rows = []
    for row in x:
        rows.append(row.softmax(-1))
    return torch.stack(rows)


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
