import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, iters: int = 5):
        super().__init__()
        self.iters = iters

    def forward(self, x, target):
        return h.model_forward(self, x, target)


def inputs():
    return [(torch.rand(2, 4), torch.rand(2)), (torch.rand(3, 4), torch.rand(3) * 2)]
