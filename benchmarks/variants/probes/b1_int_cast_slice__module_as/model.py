import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, x, lengths):
        return h.model_forward(self, x, lengths)


def inputs():
    return [
        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
    ]
