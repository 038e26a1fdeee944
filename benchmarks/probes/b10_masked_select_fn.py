import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        positive = torch.masked_select(h, h > 0)  # breaks: compile
        return positive.mean()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
