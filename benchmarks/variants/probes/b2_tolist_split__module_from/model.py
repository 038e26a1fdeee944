import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, tokens, counts):
        return model_forward(self, tokens, counts)


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([4, 1])),
    ]
