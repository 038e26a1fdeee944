import torch
from torch import nn


def model_forward(self, x):
    h = self.split_heads(self.proj(x))
    h = h * h.size(-1) ** -0.5
    return self.merge_heads(h)
