import torch
from torch import nn


def model_forward(self, x, eps: float = 1e-5, clip: bool = True):
    x = x / (x.std(-1, keepdim=True) + eps)
    if clip and eps < 1.0:
        x = x.clamp(-3.0, 3.0)
    return x
