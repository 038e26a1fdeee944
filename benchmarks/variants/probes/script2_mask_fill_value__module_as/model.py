import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, lengths):
        return h.model_forward(self, x, lengths)


def inputs():
    return [
        (torch.randn(2, 5, 4), torch.tensor([3, 5])),
        (torch.randn(3, 4, 4), torch.tensor([1, 2, 4])),
    ]
