import torch
from torch import nn


def split_heads(x, heads):
    b, t, d = x.shape
    return x.view(b, t, heads, d // heads).transpose(1, 2)


def model_forward(self, x):
    return split_heads(self.proj(x), 2)
