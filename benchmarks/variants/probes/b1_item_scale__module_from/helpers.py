import torch
from torch import nn


def model_forward(self, x):
    scale = x.abs().max().item()
    return x / (scale + 1e-6)
