import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, tokens, durations):
        return h.model_forward(self, tokens, durations)


def inputs():
    return [
        (torch.randn(3, 2), torch.tensor([1, 2, 1])),
        (torch.randn(3, 2), torch.tensor([2, 2, 3])),
    ]
