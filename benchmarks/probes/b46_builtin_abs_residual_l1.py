# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Denoiser(nn.Module):
    """Returns the denoised signal and its L1 residual magnitude."""

    def __init__(self, dim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.SiLU(), nn.Linear(16, dim))

    def forward(self, x):
        y = x - self.net(x)
        residual = abs(x - y).mean(-1)
        return y, residual


Model = Denoiser


def inputs():
    torch.manual_seed(4630)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
