# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class EigenWhitening(nn.Module):
    """Whitens token features with the eigendecomposition of their per-sample covariance."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        centered = x - x.mean(dim=-2, keepdim=True)
        cov = centered.transpose(-1, -2) @ centered / x.shape[-2]
        cov = cov + 1e-3 * torch.eye(x.shape[-1], dtype=x.dtype)
        eig = torch.linalg.eigh(cov)
        scale = eig.eigenvalues.clamp_min(1e-5).rsqrt()
        white = centered @ eig.eigenvectors * scale.unsqueeze(-2)
        return self.proj(white)


Model = EigenWhitening


def inputs():
    torch.manual_seed(3810)
    return [(torch.randn(2, 6, 4),), (torch.randn(1, 5, 4),)]
