import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        assert torch.isfinite(x).all(), "non-finite values in the input"  # breaks: export
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
