import torch
from torch import nn


def trace_shape(name, t):
    print(name, tuple(t.shape))
    return t


def model_forward(self, x):
    h = trace_shape("hidden", self.fc(x))
    return h.relu()
