# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Tucker-factorised conv head: contract the channel axis of the feature map with a factor
    matrix and the core tensor using tensordot, then pool."""

    def __init__(self, ch: int = 8, rank: int = 4, n_cls: int = 5):
        super().__init__()
        self.conv = nn.Conv2d(3, ch, 3, padding=1)
        self.factor = nn.Parameter(torch.randn(ch, rank) * 0.3)
        self.core = nn.Parameter(torch.randn(rank, n_cls) * 0.3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f = torch.relu(self.conv(x))  # (B, C, H, W)
        z = torch.tensordot(f, self.factor, dims=([1], [0]))  # (B, H, W, R)
        z = torch.tensordot(z, self.core, dims=1)  # (B, H, W, K)
        return z.mean(dim=(1, 2))


def inputs():
    torch.manual_seed(6120)
    return [(torch.randn(2, 3, 12, 12),), (torch.randn(3, 3, 16, 10),)]
