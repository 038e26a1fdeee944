import torch
from torch import nn


def model_forward(self, x):
    rows = []
    for row in x:
        rows.append(row.softmax(-1))
    return torch.stack(rows)
