import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, a):
        return h.model_forward(self, a)


def inputs():
    return [(torch.rand(3) + 1,), (torch.rand(3) * 100 + 1,)]
