import torch
from torch import nn


def model_forward(self, x):
    h = self.enc(x)
    if self.return_hidden:
        return h, x
    return h
