# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GaussianHead(nn.Module):
    """Predicts a mean and a scale per target and returns the per-element log-likelihood."""

    def __init__(self, dim: int = 6, out: int = 2):
        super().__init__()
        self.mu = nn.Linear(dim, out)
        self.raw_scale = nn.Linear(dim, out)
        self.log_sqrt_2pi = 0.5 * math.log(2 * math.pi)

    def log_likelihood(self, x: Tensor, target: Tensor) -> Tensor:
        scale = F.softplus(self.raw_scale(x)) + 1e-3
        z = (target - self.mu(x)) / scale
        return -0.5 * z * z - scale.log() - self.log_sqrt_2pi

    def forward(self, x: Tensor, target: Tensor) -> Tensor:
        return self.log_likelihood(x, target).sum(-1)


Model = GaussianHead


def inputs():
    torch.manual_seed(3711)
    return [(torch.randn(4, 6), torch.randn(4, 2)), (torch.randn(1, 6), torch.randn(1, 2))]
