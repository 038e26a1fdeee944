import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, x, lengths):
        return h.model_forward(self, x, lengths)


def inputs():
    return [
        (torch.randn(2, 5, 3), torch.tensor([5, 2])),
        (torch.randn(2, 5, 3), torch.tensor([1, 4])),
    ]
