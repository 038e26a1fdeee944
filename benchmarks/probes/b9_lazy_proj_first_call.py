from typing import Optional

import torch
from torch import nn


class ProjectionHead(nn.Module):
    """Infers its input width on the first call, so the head can sit on any backbone."""

    def __init__(self, out_dim: int = 4, in_dim: Optional[int] = None):
        super().__init__()
        self.out_dim = out_dim
        self.proj = nn.Linear(in_dim, out_dim) if in_dim is not None else None

    def forward(self, x):
        if self.proj is None:
            self.proj = nn.Linear(x.shape[-1], self.out_dim)  # breaks: compile,trace
        return self.proj(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(6, 10), nn.ReLU())
        self.head = ProjectionHead()

    def forward(self, x):
        return self.head(self.encoder(x))


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6) * 2,)]
