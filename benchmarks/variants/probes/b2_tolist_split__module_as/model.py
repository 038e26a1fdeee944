import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, tokens, counts):
        return h.model_forward(self, tokens, counts)


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([4, 1])),
    ]
