import torch
from torch import nn


def model_forward(self, a):
    x = torch.ones_like(a)
    err = (x * x - a).abs().max()
    while err > 1e-4:
        x = 0.5 * (x + a / x)
        err = (x * x - a).abs().max()
    return x


class Model(nn.Module):
    def forward(self, a):
        return model_forward(self, a)


def inputs():
    return [(torch.rand(3) + 1,), (torch.rand(3) * 100 + 1,)]
