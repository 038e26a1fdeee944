import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        denom = max(x.abs().amax(), 1.0)  # breaks: trace
        return self.fc(x / denom)


def inputs():
    return [(torch.rand(2, 8) * 0.5,), (torch.randn(2, 8) * 6,)]
