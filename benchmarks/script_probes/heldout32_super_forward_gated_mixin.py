# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class FeedForward(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc2(torch.nn.functional.gelu(self.fc1(x)))


class GatedFeedForward(FeedForward):
    """Reuses the parent's MLP and gates its output with a learned sigmoid."""

    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__(dim, hidden)
        self.gate = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        return super().forward(x) * torch.sigmoid(self.gate(x))


Model = GatedFeedForward


def inputs():
    torch.manual_seed(3205)
    return [(torch.randn(3, 8),), (torch.randn(2, 5, 8),)]
