import torch
from torch import nn


def model_forward(self, x):
    h = self.fc(x)
    steps = 0
    while h.abs().max() > 1.0 and steps < 10:  # breaks: compile,export,trace
        h = h / 2
        steps += 1
    return h
