import torch
from torch import nn


def model_forward(self, x):
    act = lambda t: t * torch.sigmoid(t)
    return act(self.lin(x))
