import torch
from torch import nn


def model_forward(self, x):
    n = max(x.size(1) - 1, 1)
    h = self.fc(x)
    return (h.sum(1) - h[:, 0]) / n


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 6, 8),)]
