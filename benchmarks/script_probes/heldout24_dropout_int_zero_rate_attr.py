# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MLPBlock(nn.Module):
    def __init__(self, dim: int = 6, hidden: int = 12, drop=0):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.drop = drop

    def forward(self, x: Tensor) -> Tensor:
        x = F.gelu(self.fc1(x))
        x = F.dropout(x, p=self.drop, training=self.training)
        return self.fc2(x)


Model = MLPBlock


def inputs():
    torch.manual_seed(2440)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
