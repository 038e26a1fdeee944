import torch
from torch import nn


class OptionalScale(nn.Module):
    def __init__(self, dim=8, scale=2.0):
        super().__init__()
        self.scale = scale
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        if (s := self.scale) != 1.0:
            h = h * s
        return h


Model = OptionalScale


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 8),), (torch.randn(6, 8) * 3,)]
