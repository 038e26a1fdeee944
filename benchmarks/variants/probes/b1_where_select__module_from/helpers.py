import torch
from torch import nn


def model_forward(self, x, threshold: float = 0.0):
    pos = x > threshold
    return torch.where(pos, x, x * 0.01)
