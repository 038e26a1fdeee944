import copy

import torch
from torch import nn


def model_forward(self, x):
    residual = copy.deepcopy(x)
    x = x.relu_()
    return x + residual


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
