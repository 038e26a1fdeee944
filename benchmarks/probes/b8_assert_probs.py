import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, weights):
        assert (weights >= 0).all(), "weights must be non-negative"  # breaks: export,trace
        return (self.fc(x) * weights).sum(-1)


def inputs():
    return [
        (torch.randn(3, 8), torch.rand(3, 8)),
        (torch.randn(3, 8), -torch.rand(3, 8)),
    ]
