import torch
from torch import nn


def model_forward(self, x):
    y = x if x.mean() > 0 else -x
    return y.exp()
