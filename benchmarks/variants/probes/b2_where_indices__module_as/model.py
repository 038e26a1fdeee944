import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, scores):
        return h.model_forward(self, scores)


def inputs():
    return [(torch.rand(3, 3),), (torch.rand(3, 3),)]
