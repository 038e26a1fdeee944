# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ScoreHead(nn.Module):
    """Logit head whose learned shift is switched on by multiplying with a bool flag."""

    def __init__(self, dim: int = 4, use_shift: bool = True):
        super().__init__()
        self.fc = nn.Linear(dim, 3)
        self.use_shift = use_shift
        self.shift = nn.Parameter(torch.tensor([0.5, -0.25, 1.0]))

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x) + self.use_shift * self.shift


Model = ScoreHead


def inputs():
    torch.manual_seed(3110)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
