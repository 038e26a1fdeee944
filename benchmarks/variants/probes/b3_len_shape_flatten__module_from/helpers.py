import torch
from torch import nn


def model_forward(self, x):
    if len(x.shape) > 2:
        x = x.flatten(1)
    return self.fc(x)
