import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        batch = torch.tensor(len(x))  # breaks: trace
        return h.sum(0) / batch.float()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(6, 8),)]
