# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class KernelGenerator(nn.Module):
    def __init__(self, channels: int, k: int):
        super().__init__()
        self.channels = channels
        self.k = k
        self.fc = nn.Linear(channels, channels * channels * k * k)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ctx = x.mean((2, 3))
        return self.fc(ctx).view(-1, self.channels, self.channels, self.k, self.k)


class Model(nn.Module):
    """Dynamic convolution: a kernel generated per sample, applied sample by sample."""

    def __init__(self, channels: int = 3, k: int = 3):
        super().__init__()
        self.gen = KernelGenerator(channels, k)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        kernels = self.gen(x)
        out = []
        for i in range(x.size(0)):  # breaks: trace
            out.append(F.conv2d(x[i : i + 1], kernels[i], padding=1))
        return torch.cat(out, 0)


def inputs():
    torch.manual_seed(7016)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(3, 3, 6, 6),)]
