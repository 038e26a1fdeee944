import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        y = self.fc(x.float())
        return y.to(x.dtype), x.dtype  # breaks: export,trace


def inputs():
    torch.manual_seed(15)
    return [(torch.randn(2, 8),), (torch.randn(3, 8).double(),)]
