import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        stop = int(torch.argmax(x[0, :, 0])) + 1  # breaks: compile,export,trace
        return self.fc(x[:, :stop]).sum(dim=1)


def inputs():
    a = torch.randn(2, 5, 8)
    a[0, 1, 0] = 10.0
    b = torch.randn(2, 5, 8)
    b[0, 4, 0] = 10.0
    return [(a,), (b,)]
