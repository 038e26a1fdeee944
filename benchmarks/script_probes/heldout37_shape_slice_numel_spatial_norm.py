# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GlobalContextBlock(nn.Module):
    """GC-Net style context: sum-pooled features normalised by the number of positions."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.transform = nn.Sequential(nn.Conv2d(channels, channels, 1), nn.ReLU())

    def context(self, x: Tensor) -> Tensor:
        positions = x.shape[2:].numel()
        return x.sum(dim=(2, 3), keepdim=True) / positions

    def forward(self, x: Tensor) -> Tensor:
        return x + self.transform(self.context(x))


Model = GlobalContextBlock


def inputs():
    torch.manual_seed(3716)
    return [(torch.randn(2, 4, 6, 6),), (torch.randn(1, 4, 3, 7),)]
