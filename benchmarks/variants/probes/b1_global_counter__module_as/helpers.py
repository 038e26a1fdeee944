import torch
from torch import nn

CALLS = 0


def model_forward(self, x):
    global CALLS
    CALLS += 1
    return x * CALLS
