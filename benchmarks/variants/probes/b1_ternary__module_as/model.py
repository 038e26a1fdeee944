import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
