import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 5):
        super().__init__()
        self.head = nn.Linear(dim, classes)
        self.log_temp = nn.Parameter(torch.tensor(0.3))

    def forward(self, x):
        temp = self.log_temp.exp().item()  # breaks: compile
        return torch.softmax(self.head(x) / temp, dim=-1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(7, 8),)]
