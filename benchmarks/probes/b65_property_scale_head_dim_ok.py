# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Scaled dot-product scores whose scale is a property derived from the head size."""

    def __init__(self, d: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.d = d
        self.qk = nn.Linear(d, 2 * d)

    @property
    def head_dim(self) -> int:
        return self.d // self.heads

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, _ = x.shape
        q, k = self.qk(x).chunk(2, -1)
        q = q.view(b, n, self.heads, self.head_dim).transpose(1, 2)
        k = k.view(b, n, self.heads, self.head_dim).transpose(1, 2)
        return (q @ k.transpose(-1, -2) / self.head_dim**0.5).softmax(-1)


def inputs():
    torch.manual_seed(6528)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
