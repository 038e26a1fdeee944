import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, labels, feats):
        return model_forward(self, labels, feats)


def inputs():
    return [
        (torch.tensor([0, 1, 1, 2]), torch.randn(4, 5)),
        (torch.tensor([0, 0, 0, 0]), torch.randn(4, 5)),
    ]
