import torch
from torch import nn


def model_forward(self, x):
    peak = x.abs().max().item()
    if peak > 10:
        x = x / peak
    return x
