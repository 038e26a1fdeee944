# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MlpBlock(nn.Module):
    """MLP block whose norm and activation classes are class attributes used only in __init__."""

    norm_layer = nn.LayerNorm
    act_layer = nn.GELU

    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__()
        self.norm = self.norm_layer(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.act = self.act_layer()
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: Tensor) -> Tensor:
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


Model = MlpBlock


def inputs():
    torch.manual_seed(4122)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
