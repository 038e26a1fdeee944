import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        assert x.size(-1) == self.dim, f"expected {self.dim} features, got {x.size(-1)}"
        assert x.dim() in (2, 3)
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
