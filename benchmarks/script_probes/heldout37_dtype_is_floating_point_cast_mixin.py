# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CastInputMixin:
    """Shared by the heads: float inputs keep their dtype, integer inputs become float32."""

    def cast_input(self, x: Tensor) -> Tensor:
        if x.dtype.is_floating_point:
            return x
        return x.to(torch.float32)


class RegressionHead(CastInputMixin, nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, 1)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(self.cast_input(x))


Model = RegressionHead


def inputs():
    torch.manual_seed(3705)
    return [(torch.randn(3, 6),), (torch.randint(0, 5, (2, 6)),)]
