# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DeterministicNoiseAug(nn.Module):
    """Adds reproducible Gaussian noise by reseeding the global RNG inside forward."""

    def __init__(self, dim: int = 4, sigma: float = 0.1):
        super().__init__()
        self.sigma = sigma
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        torch.manual_seed(1234)
        noise = torch.randn(x.shape) * self.sigma
        return self.proj(x + noise)


Model = DeterministicNoiseAug


def inputs():
    torch.manual_seed(2840)
    return [(torch.randn(3, 4),), (torch.randn(2, 5, 4),)]
