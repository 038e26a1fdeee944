import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, scores):
        return model_forward(self, scores)


def inputs():
    return [(torch.rand(3, 3),), (torch.rand(3, 3),)]
