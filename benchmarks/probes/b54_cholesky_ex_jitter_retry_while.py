# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GPMarginalLikelihood(nn.Module):
    """Gaussian process: cholesky_ex of the kernel matrix, adding jitter while factorisation reports failure."""

    def __init__(self):
        super().__init__()
        self.log_ls = nn.Parameter(torch.zeros(()))

    def forward(self, x, y):
        d = torch.cdist(x, x) / self.log_ls.exp()
        k = torch.exp(-0.5 * d.pow(2))
        jitter = 1e-6
        chol, info = torch.linalg.cholesky_ex(k)
        while info.item() != 0:
            jitter *= 10.0
            chol, info = torch.linalg.cholesky_ex(k + jitter * torch.eye(k.shape[0]))
        alpha = torch.cholesky_solve(y.unsqueeze(-1), chol)
        return 0.5 * (y.unsqueeze(-1) * alpha).sum() + chol.diagonal().log().sum()


Model = GPMarginalLikelihood


def inputs():
    torch.manual_seed(5415)
    x1 = torch.randn(5, 2)
    x2 = torch.cat([torch.randn(6, 2), torch.zeros(2, 2)])  # duplicate points: singular kernel
    return [(x1, torch.randn(5)), (x2, torch.randn(8))]
