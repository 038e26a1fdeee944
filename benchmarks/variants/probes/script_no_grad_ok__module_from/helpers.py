import torch
from torch import nn


def model_forward(self, x):
    with torch.no_grad():
        stats = x.mean(0)
    return self.lin(x - stats + self.running)
