import torch
from torch import nn
from . import helpers as h
from .helpers import DetectionHead


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = DetectionHead()

    def forward(self, feats):
        return h.model_forward(self, feats)


def inputs():
    return [(torch.randn(10, 8),), (torch.randn(7, 8) * 3,)]
