# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Arbitrary-input super-resolution: the network upsamples by 2 until the output reaches
    the target resolution, the number of PixelShuffle passes worked out from the input size."""

    def __init__(self, channels: int = 8, target: int = 32):
        super().__init__()
        self.target = target
        self.head = nn.Conv2d(3, channels, 3, padding=1)
        self.up = nn.Sequential(nn.Conv2d(channels, channels * 4, 3, padding=1), nn.PixelShuffle(2))
        self.tail = nn.Conv2d(channels, 3, 3, padding=1)

    def num_passes(self, size: int) -> int:
        n = 0
        while size < self.target:
            size *= 2
            n += 1
        return n

    def forward(self, lr: torch.Tensor) -> torch.Tensor:
        feat = self.head(lr)
        for _ in range(self.num_passes(lr.shape[-1])):  # breaks: trace
            feat = self.up(feat)
        return self.tail(feat)


def inputs():
    torch.manual_seed(6702)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(1, 3, 16, 16),)]
