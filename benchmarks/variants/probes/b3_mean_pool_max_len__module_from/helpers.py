import torch
from torch import nn


def model_forward(self, x):
    n = max(x.size(1) - 1, 1)
    h = self.fc(x)
    return (h.sum(1) - h[:, 0]) / n
