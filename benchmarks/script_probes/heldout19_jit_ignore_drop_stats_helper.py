# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Block(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.last_rms = 0.0

    @torch.jit.ignore(drop=True)
    def _record(self, x: Tensor) -> None:
        self.last_rms = float(x.pow(2).mean().sqrt())

    def forward(self, x: Tensor) -> Tensor:
        y = self.fc(self.norm(x))
        self._record(y)
        return x + y


Model = Block


def inputs():
    torch.manual_seed(1909)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
