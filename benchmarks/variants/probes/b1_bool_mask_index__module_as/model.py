import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, logits, labels):
        return h.model_forward(self, logits, labels)


def inputs():
    return [
        (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
        (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
    ]
