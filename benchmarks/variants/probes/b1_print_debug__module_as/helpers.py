import torch
from torch import nn


def model_forward(self, x):
    out = self.fc(x)
    print(f"out {tuple(out.shape)}")
    return out
