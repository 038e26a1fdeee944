import torch
from torch import nn


def model_forward(self, x):
    keep = {0}
    dims = [d for d in range(x.dim()) if d not in keep]
    return x.mean(dims)
