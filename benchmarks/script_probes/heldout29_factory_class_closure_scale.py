# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def make_residual_block(dim: int, init_scale: float):
    """Block builder: the class is made inside the builder and reads its argument from the closure."""

    class ResidualBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = nn.LayerNorm(dim)
            self.fc = nn.Linear(dim, dim)

        def forward(self, x: Tensor) -> Tensor:
            return x + init_scale * self.fc(self.norm(x))

    return ResidualBlock


Model = make_residual_block(6, 0.1)


def inputs():
    torch.manual_seed(2909)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
