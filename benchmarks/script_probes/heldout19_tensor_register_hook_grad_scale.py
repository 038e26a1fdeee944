# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GradientScale(nn.Module):
    """Scales the gradient flowing back into a shared trunk (multi-task heads)."""

    def __init__(self, scale: float = 0.1):
        super().__init__()
        self.scale = scale
        self.head = nn.Linear(6, 3)

    def _scale_grad(self, grad: Tensor) -> Tensor:
        return grad * self.scale

    def forward(self, x: Tensor) -> Tensor:
        if x.requires_grad:
            x.register_hook(self._scale_grad)
        return self.head(x)


Model = GradientScale


def inputs():
    torch.manual_seed(1908)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
