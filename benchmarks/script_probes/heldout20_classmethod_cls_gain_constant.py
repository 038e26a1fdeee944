# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ScaledSiLU(nn.Module):
    GAIN = 1.0 / 0.6

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @classmethod
    def act(cls, x: Tensor) -> Tensor:
        return torch.nn.functional.silu(x) * cls.GAIN

    def forward(self, x: Tensor) -> Tensor:
        return self.act(self.fc(x))


Model = ScaledSiLU


def inputs():
    torch.manual_seed(2042)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
