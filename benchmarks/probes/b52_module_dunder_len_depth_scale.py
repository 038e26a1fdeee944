# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ResidualStack(nn.Module):
    """A stack that defines __len__; forward scales each residual by 1/len(self)."""

    def __init__(self, d: int = 8, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(d, d) for _ in range(depth))

    def __len__(self) -> int:
        return len(self.layers)

    def forward(self, x: Tensor) -> Tensor:
        scale = 1.0 / len(self)
        for layer in self.layers:
            x = x + scale * torch.tanh(layer(x))
        return x


Model = ResidualStack


def inputs():
    torch.manual_seed(5205)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
