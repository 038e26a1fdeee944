import torch
from torch import nn


def model_forward(self, x):
    h = self.fc(x)
    if h.sum() > 0:
        h = h * 2
    else:
        h = h - 1
    return h
