import torch
from torch import nn


def model_forward(self, x):
    x = self.proj(x)
    b, c, h, w = x.shape
    x = x.flatten(2).transpose(1, 2)
    return x + self.pos[:, : h * w]
