import torch
from torch import nn


def model_forward(self, x):
    y = self.fc(x)
    self.history.append(y.detach())
    return y
