import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(5, 5)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
