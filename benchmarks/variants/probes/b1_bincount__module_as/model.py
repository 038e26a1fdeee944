import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, ids):
        return h.model_forward(self, ids)


def inputs():
    return [(torch.tensor([0, 1, 1, 3]),), (torch.tensor([2, 2, 0, 1]),)]
