import torch
from torch import nn


def model_forward(self, x):
    y = self.lin(x.flatten(1))
    return y.view(*x.shape)
