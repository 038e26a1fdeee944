import torch
from torch import nn
from .helpers import RMSNorm, model_forward


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNorm(8)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
