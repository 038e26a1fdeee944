import torch
from torch import nn


def model_forward(self, x):
    outs = []
    for i, layer in enumerate(self.layers):
        x = torch.relu(layer(x))
        outs.append(x * float(i + 1))
    return torch.stack(outs, 0).sum(0)
