import torch
from torch import nn


def model_forward(self, x):
    if x.shape[0] > 2:
        x = x - x.mean(0, keepdim=True)
    return self.fc(x)
