import torch
from torch import nn

_WARMED_UP = False


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        global _WARMED_UP
        h = self.fc(x)
        if not _WARMED_UP:
            _WARMED_UP = True
            return h * 0.5
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
