import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.ones(2, 4) * 3,), (-torch.ones(3, 4) * 3,)]
