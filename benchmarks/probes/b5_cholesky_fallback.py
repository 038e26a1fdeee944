import torch
from torch import nn


def safe_cholesky(cov, jitter: float = 1e-3):
    try:
        return torch.linalg.cholesky(cov)
    except RuntimeError:
        eye = torch.eye(cov.shape[-1], dtype=cov.dtype)
        return torch.linalg.cholesky(cov + jitter * eye)


class Model(nn.Module):
    def forward(self, x):
        cov = x.transpose(-1, -2) @ x / x.shape[-2]
        return safe_cholesky(cov)


def inputs():
    return [(torch.randn(2, 6, 3),), (torch.randn(2, 6, 3),)]
