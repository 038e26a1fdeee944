# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class LayerScaleMixin:
    def init_scale(self, dim: int, value: float = 1e-2):
        self.gamma = nn.Parameter(torch.full((dim,), value))


class ScaledLinear(LayerScaleMixin, nn.Linear):
    def __init__(self, dim: int = 8):
        super().__init__(dim, dim)
        self.init_scale(dim)

    def forward(self, x: Tensor) -> Tensor:
        return x + self.gamma * super().forward(x)


Model = ScaledLinear


def inputs():
    torch.manual_seed(2138)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
