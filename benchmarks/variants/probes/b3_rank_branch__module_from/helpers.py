import torch
from torch import nn


def model_forward(self, x):
    if x.dim() == 2:  # breaks: trace
        x = x.unsqueeze(1)
    h = self.fc(x)
    return h.mean(dim=1)
