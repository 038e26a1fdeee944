import random

import torch
import torch.nn as nn


class LayerDropStack(nn.Module):
    def __init__(self, dim=8, depth=3, layerdrop=0.2):
        super().__init__()
        self.layerdrop = layerdrop
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x):
        for layer in self.layers:
            if self.training and random.random() < self.layerdrop:
                continue
            x = x + torch.tanh(layer(x))
        return x


Model = LayerDropStack


def inputs():
    torch.manual_seed(33)
    return [(torch.randn(3, 8),), (torch.randn(5, 8) * 2,)]
