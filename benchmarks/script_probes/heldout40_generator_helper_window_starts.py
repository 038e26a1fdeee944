# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def window_starts(length: int, size: int, stride: int):
    start = 0
    while start + size <= length:
        yield start
        start += stride


class SlidingWindowPool(nn.Module):
    """Averages overlapping windows along the sequence and projects each window."""

    def __init__(self, dim: int = 8, size: int = 3, stride: int = 2):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.size = size
        self.stride = stride

    def forward(self, x: Tensor) -> Tensor:
        windows = [
            x[:, s : s + self.size].mean(1)
            for s in window_starts(x.shape[1], self.size, self.stride)
        ]
        return self.fc(torch.stack(windows, 1))


Model = SlidingWindowPool


def inputs():
    torch.manual_seed(4025)
    return [(torch.randn(2, 7, 8),), (torch.randn(1, 5, 8),)]
