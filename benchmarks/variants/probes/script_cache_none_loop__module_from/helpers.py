import torch
from torch import nn


def model_forward(self, x):
    total = None
    for block in self.blocks:
        x = block(x)
        total = x if total is None else total + x
    return total
