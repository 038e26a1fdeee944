# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GPPosteriorMean(nn.Module):
    """Gaussian process regression: posterior mean at test points with a fixed inducing set, cholesky + cholesky_solve."""

    def __init__(self, m: int = 6, d: int = 2):
        super().__init__()
        self.register_buffer("z", torch.linspace(-2, 2, m * d).view(m, d))
        self.y = nn.Parameter(torch.randn(m, 1) * 0.1)
        self.noise = 0.1

    def kernel(self, a, b):
        return torch.exp(-0.5 * torch.cdist(a, b).pow(2))

    def forward(self, x):
        kzz = self.kernel(self.z, self.z) + self.noise * torch.eye(self.z.shape[0])
        chol = torch.linalg.cholesky(kzz)
        alpha = torch.cholesky_solve(self.y, chol)
        return self.kernel(x, self.z) @ alpha


Model = GPPosteriorMean


def inputs():
    torch.manual_seed(5420)
    return [(torch.randn(5, 2),), (torch.randn(9, 2),)]
