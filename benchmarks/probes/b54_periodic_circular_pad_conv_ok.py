# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PeriodicDiffusionStep(nn.Module):
    """Physics: one explicit step of a learned stencil on a periodic grid (circular padding, no boundary)."""

    def __init__(self, c: int = 2):
        super().__init__()
        self.stencil = nn.Conv2d(c, c, 3, padding=0)
        self.dt = 0.1

    def forward(self, u):
        u_pad = F.pad(u, (1, 1, 1, 1), mode="circular")
        return u + self.dt * self.stencil(u_pad)


Model = PeriodicDiffusionStep


def inputs():
    torch.manual_seed(5417)
    return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 6, 10),)]
