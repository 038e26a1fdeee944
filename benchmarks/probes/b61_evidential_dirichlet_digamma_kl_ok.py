# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Evidential classifier: Dirichlet concentration from softplus evidence, with the closed
    form KL(Dir(alpha) || Dir(1)) regulariser written with lgamma/digamma."""

    def __init__(self, dim: int = 12, k: int = 5):
        super().__init__()
        self.k = k
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, k))

    def forward(self, x: torch.Tensor):
        alpha = F.softplus(self.net(x)) + 1.0
        s = alpha.sum(-1, keepdim=True)
        kl = (
            torch.lgamma(s.squeeze(-1))
            - math.lgamma(self.k)
            - torch.lgamma(alpha).sum(-1)
            + ((alpha - 1) * (torch.digamma(alpha) - torch.digamma(s))).sum(-1)
        )
        return alpha / s, self.k / s.squeeze(-1), kl


def inputs():
    torch.manual_seed(6119)
    return [(torch.randn(4, 12),), (torch.randn(9, 12),)]
