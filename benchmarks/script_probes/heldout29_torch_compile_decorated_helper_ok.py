# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.compile
def rms_norm(x: Tensor, weight: Tensor, eps: float = 1e-6) -> Tensor:
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


class GatedMLP(nn.Module):
    """Transformer MLP whose norm helper is decorated with @torch.compile at module level."""

    def __init__(self, dim: int = 8, hidden: int = 12):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.up = nn.Linear(dim, 2 * hidden)
        self.down = nn.Linear(hidden, dim)

    def forward(self, x: Tensor) -> Tensor:
        a, g = self.up(rms_norm(x, self.weight)).chunk(2, dim=-1)
        return x + self.down(a * torch.sigmoid(g))


Model = GatedMLP


def inputs():
    torch.manual_seed(2921)
    return [(torch.randn(2, 3, 8),), (torch.randn(5, 8),)]
