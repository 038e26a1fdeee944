import torch
from torch import nn


def model_forward(self, x):
    acc = torch.zeros_like(x[0])
    for i in range(len(x)):
        acc = acc + x[i] * (i + 1)
    return acc
