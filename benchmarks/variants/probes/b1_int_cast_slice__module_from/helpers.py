import torch
from torch import nn


def model_forward(self, x, lengths):
    longest = int(lengths.max())
    return x[:, :longest].sum(1)
