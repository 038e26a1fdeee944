import torch
from torch import nn


def model_forward(self, x, **kwargs):
    y = self.proj(x)
    if "residual" in kwargs:
        y = y + x
    return y
