import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, keep):
        h = self.fc(x)
        cols = keep.argwhere().squeeze(1)  # breaks: compile
        return h.index_select(1, cols).sum(dim=1)


def inputs():
    return [
        (torch.randn(2, 8), torch.tensor([1, 0, 1, 0, 0, 0, 0, 1]).bool()),
        (torch.randn(2, 8), torch.tensor([0, 1, 1, 1, 1, 0, 1, 1]).bool()),
    ]
