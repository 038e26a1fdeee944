# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DeltaFeatures(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(2 * dim, dim)

    def forward(self, x):
        delta = torch.diff(x, dim=1, prepend=x[:, :1])
        return self.proj(torch.cat([x, delta], dim=-1))


Model = DeltaFeatures


def inputs():
    torch.manual_seed(4806)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 9, 8),)]
