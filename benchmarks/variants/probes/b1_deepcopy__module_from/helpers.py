import copy

import torch
from torch import nn


def model_forward(self, x):
    residual = copy.deepcopy(x)
    x = x.relu_()
    return x + residual
