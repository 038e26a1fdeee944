import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, labels):
        return model_forward(self, x, labels)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([0, 1, 1, 2])),
        (torch.randn(5, 8), torch.tensor([3, 3, 3, 3, 1])),
    ]
