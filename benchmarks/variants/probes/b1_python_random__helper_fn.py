import random

import torch
from torch import nn


def model_forward(self, x):
    if random.random() < 0.5:
        x = x.flip(-1)
    return x * 2


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
