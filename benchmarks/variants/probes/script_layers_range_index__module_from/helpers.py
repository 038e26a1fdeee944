import torch
from torch import nn


def model_forward(self, x):
    for i in range(len(self.layers)):
        x = torch.relu(self.layers[i](x))
    return x
