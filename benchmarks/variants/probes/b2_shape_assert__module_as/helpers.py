import torch
from torch import nn


def model_forward(self, x):
    assert x.shape[-1] == self.dim, f"expected {self.dim} features, got {x.shape[-1]}"
    if x.dim() == 2:
        x = x.unsqueeze(1)
    return self.norm(x)
