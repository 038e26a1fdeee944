# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ExactGPMean(nn.Module):
    """Probabilistic: exact GP posterior mean with an RBF kernel; K = L L^T by Cholesky and two
    triangular solves instead of an inverse."""

    def __init__(self, n: int = 10, d: int = 3):
        super().__init__()
        self.register_buffer("train_x", torch.randn(n, d))
        self.register_buffer("train_y", torch.randn(n))
        self.log_ls = nn.Parameter(torch.zeros(()))
        self.log_noise = nn.Parameter(torch.tensor(-2.0))

    def kernel(self, a, b):
        return torch.exp(-0.5 * torch.cdist(a, b).pow(2) / self.log_ls.exp().pow(2))

    def forward(self, xq):
        k = self.kernel(self.train_x, self.train_x)
        k = k + self.log_noise.exp() * torch.eye(k.shape[0], dtype=k.dtype)
        chol = torch.linalg.cholesky(k)
        alpha = torch.linalg.solve_triangular(chol, self.train_y.unsqueeze(-1), upper=False)
        v = torch.linalg.solve_triangular(chol, self.kernel(self.train_x, xq), upper=False)
        return (v.transpose(0, 1) @ alpha).squeeze(-1)


Model = ExactGPMean


def inputs():
    torch.manual_seed(5705)
    return [(torch.randn(4, 3),), (torch.randn(7, 3),)]
