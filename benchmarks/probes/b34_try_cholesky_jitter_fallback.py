import torch
import torch.nn as nn


class GaussianWhiten(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        cov = x.T @ x / x.shape[0]
        try:
            L = torch.linalg.cholesky(cov)
        except RuntimeError:
            L = torch.linalg.cholesky(cov + 1e-3 * torch.eye(cov.shape[0]))
        white = torch.linalg.solve_triangular(L, x.T, upper=False).T
        return self.proj(white)


Model = GaussianWhiten


def inputs():
    torch.manual_seed(3413)
    dead = torch.randn(6, 4)
    dead[:, 2] = 0.0
    return [(torch.randn(8, 4),), (dead,)]
