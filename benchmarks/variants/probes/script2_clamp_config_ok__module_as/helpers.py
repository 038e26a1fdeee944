import torch
from torch import nn


def model_forward(self, x, scale: float = 1.0):
    y = self.fc(x) * scale
    if self.training:
        y = y + 0.0
    return y.clamp(self.lo, self.hi)
