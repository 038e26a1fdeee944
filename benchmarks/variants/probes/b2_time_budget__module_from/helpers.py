import time

import torch
from torch import nn


def model_forward(self, x):
    deadline = time.monotonic() + self.budget_s
    for layer in self.layers:
        if time.monotonic() > deadline:
            break
        x = layer(x)
    return x
