# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ZCAWhitening(nn.Module):
    """Batch ZCA whitening through the eigendecomposition of the feature covariance."""

    def __init__(self, dim=4, eps=1e-3):
        super().__init__()
        self.eps = eps
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x)
        h = h - h.mean(dim=0, keepdim=True)
        cov = h.T @ h / (h.shape[0] - 1)
        evals, evecs = torch.linalg.eigh(cov + self.eps * torch.eye(cov.shape[0], dtype=h.dtype))
        w = evecs @ torch.diag(evals.rsqrt()) @ evecs.T
        return h @ w


Model = ZCAWhitening


def inputs():
    torch.manual_seed(3829)
    return [(torch.randn(16, 4),), (torch.randn(24, 4) * 2.0,)]
