import torch
from torch import nn


def model_forward(self, x):
    ratio = x.size(0) / 3.0
    assert x.size(1) == 3, f"bad width, ratio {ratio:.2f}"
    return self.lin(x)
