# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class HeadingVonMises(nn.Module):
    """Trajectory prediction: von Mises log-likelihood of a heading angle, normaliser via torch.special.i0e."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.net = nn.Linear(d, 2)

    def forward(self, x, angle):
        out = self.net(x)
        loc = torch.atan2(torch.sin(out[..., 0]), torch.cos(out[..., 0]))
        kappa = nn.functional.softplus(out[..., 1]) + 1e-3
        log_norm = math.log(2 * math.pi) + torch.log(torch.special.i0e(kappa)) + kappa
        return kappa * torch.cos(angle - loc) - log_norm


Model = HeadingVonMises


def inputs():
    torch.manual_seed(5419)
    return [(torch.randn(4, 6), torch.rand(4) * 6.28), (torch.randn(7, 6), torch.rand(7) * 6.28)]
