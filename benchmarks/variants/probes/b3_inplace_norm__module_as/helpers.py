import torch
from torch import nn


def model_forward(self, x):
    h = x.float()
    var = h.pow(2).mean(-1, keepdim=True)
    h.mul_(torch.rsqrt(var + self.eps))
    h = h.to(x.dtype) * self.weight
    h.clamp_(min=-5.0, max=5.0)
    return h
