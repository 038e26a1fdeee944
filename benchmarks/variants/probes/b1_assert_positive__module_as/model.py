import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, probs):
        return h.model_forward(self, probs)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
