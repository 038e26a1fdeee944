import torch
from torch import nn


def model_forward(self, x):
    y = self.lin(x)
    return y / y.nelement()
