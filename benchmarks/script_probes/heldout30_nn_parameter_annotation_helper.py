# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def scaled_residual(x: Tensor, branch: Tensor, gamma: nn.Parameter) -> Tensor:
    return x + gamma * branch


class LayerScaleBlock(nn.Module):
    """CaiT-style block; the helper's gamma argument is annotated nn.Parameter."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.gamma = nn.Parameter(torch.full((dim,), 0.1))

    def forward(self, x: Tensor) -> Tensor:
        return scaled_residual(x, self.mlp(self.norm(x)), self.gamma)


Model = LayerScaleBlock


def inputs():
    torch.manual_seed(3010)
    return [(torch.randn(2, 6),), (torch.randn(3, 5, 6),)]
