# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Style-transfer block with a hand-written instance norm: per-channel statistics come
    from one torch.std_mean call over the spatial dimensions."""

    def __init__(self, c: int = 6, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.conv = nn.Conv2d(3, c, 3, padding=1)
        self.gamma = nn.Parameter(torch.ones(1, c, 1, 1))
        self.beta = nn.Parameter(torch.zeros(1, c, 1, 1))
        self.out = nn.Conv2d(c, 3, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.conv(x)
        std, mean = torch.std_mean(h, dim=(2, 3), keepdim=True, unbiased=False)
        h = (h - mean) / (std + self.eps) * self.gamma + self.beta
        return self.out(h.relu())


def inputs():
    torch.manual_seed(5918)
    return [(torch.randn(2, 3, 12, 12),), (torch.randn(1, 3, 9, 15),)]
