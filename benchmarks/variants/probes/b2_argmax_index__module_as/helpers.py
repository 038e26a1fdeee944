import torch
from torch import nn


def model_forward(self, x):
    best = int(torch.argmax(x[0]))
    return x[:, best]
