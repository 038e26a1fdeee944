import torch
from torch import nn


def model_forward(self, x):
    for i, (name, layer) in enumerate(self.layers.items()):
        if name in self.skip:
            continue
        x = x + layer(self.norms[i](x))
    return x
