# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SNLinear(nn.Linear):
    """Exact spectral normalisation (largest singular value from svdvals) instead of power
    iteration; fine for small critic layers."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        sigma = torch.linalg.svdvals(self.weight)[0]
        return F.linear(x, self.weight / sigma, self.bias)


class Model(nn.Module):
    """Small WGAN critic on flat feature vectors."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.l1, self.l2, self.l3 = SNLinear(dim, 32), SNLinear(32, 32), SNLinear(32, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = F.leaky_relu(self.l1(x), 0.2)
        h = F.leaky_relu(self.l2(h), 0.2)
        return self.l3(h).squeeze(-1)


def inputs():
    torch.manual_seed(6123)
    return [(torch.randn(4, 16),), (torch.randn(9, 16),)]
