import torch
import torch.nn as nn


class DeadZone(nn.Module):
    def __init__(self, dim=8, eps=0.2):
        super().__init__()
        self.eps = eps
        self.lin = nn.Linear(dim, dim)

    def forward(self, x):
        y = self.lin(x)
        small = y.abs() < self.eps
        y[small] = 0.0
        return y


Model = DeadZone


def inputs():
    torch.manual_seed(344)
    return [(torch.randn(3, 8),), (torch.randn(5, 8) * 0.3,)]
