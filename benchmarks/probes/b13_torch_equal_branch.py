import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        if torch.equal(x, x.transpose(-1, -2)):  # breaks: compile,export,trace
            return self.fc(x)
        return self.fc(x + x.transpose(-1, -2))


def inputs():
    a = torch.randn(4, 4)
    return [(a + a.T,), (torch.randn(4, 4),)]
