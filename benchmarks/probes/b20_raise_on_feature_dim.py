import torch
from torch import nn


class CheckedProjector(nn.Module):
    def __init__(self, in_dim=8, out_dim=4):
        super().__init__()
        self.in_dim = in_dim
        self.proj = nn.Linear(in_dim, out_dim)

    def forward(self, x):
        if x.shape[-1] != self.in_dim:
            raise ValueError(f"expected {self.in_dim} features, got {x.shape[-1]}")
        return self.proj(x)


Model = CheckedProjector


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8) * 2,)]
