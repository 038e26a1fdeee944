import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, probs):
        return model_forward(self, probs)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
