# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PatchEncoder(nn.Module):
    def __init__(self, dim_in: int = 8, dim_out: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim_in, dim_out)

    @property
    def out_dim(self) -> int:
        return self.proj.out_features

    def forward(self, x: Tensor) -> Tensor:
        return self.proj(x)


class ScaledEncoder(nn.Module):
    """Divides the encoder output by sqrt of the encoder's output width, read from its property."""

    def __init__(self):
        super().__init__()
        self.encoder = PatchEncoder()

    def forward(self, x: Tensor) -> Tensor:
        return self.encoder(x) / self.encoder.out_dim**0.5


Model = ScaledEncoder


def inputs():
    torch.manual_seed(4118)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
