import torch
from torch import nn


def model_forward(self, a):
    x = torch.ones_like(a)
    err = (x * x - a).abs().max()
    while err > 1e-4:
        x = 0.5 * (x + a / x)
        err = (x * x - a).abs().max()
    return x
