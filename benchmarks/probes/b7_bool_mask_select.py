import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, 1)

    def forward(self, x, mask):
        selected = x[mask]  # breaks: compile
        return self.fc(selected).mean()


def inputs():
    return [
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 0, 0, 0], [1, 0, 0, 0, 0]]).bool()),
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 1, 0], [1, 1, 1, 0, 0]]).bool()),
    ]
