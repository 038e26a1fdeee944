import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, boxes):
        return model_forward(self, boxes)


def inputs():
    return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
