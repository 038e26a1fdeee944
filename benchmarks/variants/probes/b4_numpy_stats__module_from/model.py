import numpy as np
import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(4, 8),), (torch.randn(5, 8) * 3,)]
