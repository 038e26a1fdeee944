# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GaussianLikelihood(nn.Module):
    """Heteroscedastic regression head written with the paper's Greek symbols."""

    def __init__(self, dim: int = 5):
        super().__init__()
        self.mu_head = nn.Linear(dim, 1)
        self.sigma_head = nn.Linear(dim, 1)

    def forward(self, x: Tensor, y: Tensor) -> Tensor:
        μ = self.mu_head(x).squeeze(-1)
        σ = F.softplus(self.sigma_head(x).squeeze(-1)) + 1e-3
        z = (y - μ) / σ
        return 0.5 * z**2 + torch.log(σ) + 0.5 * math.log(2 * math.pi)


Model = GaussianLikelihood


def inputs():
    torch.manual_seed(3109)
    return [(torch.randn(4, 5), torch.randn(4)), (torch.randn(7, 5), torch.randn(7))]
