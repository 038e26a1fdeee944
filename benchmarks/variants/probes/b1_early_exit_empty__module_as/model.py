import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, boxes):
        return h.model_forward(self, boxes)


def inputs():
    return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
