# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Deep-kernel GP regression head: posterior mean at query points from context points, with
    the kernel system solved through an LU factorisation."""

    def __init__(self, dim: int = 4, feat: int = 8):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(dim, feat), nn.Tanh())
        self.log_ls = nn.Parameter(torch.zeros(()))
        self.noise = 0.1

    def kernel(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.exp(-0.5 * torch.cdist(a, b).pow(2) / self.log_ls.exp().pow(2))

    def forward(self, xc: torch.Tensor, yc: torch.Tensor, xq: torch.Tensor) -> torch.Tensor:
        fc, fq = self.phi(xc), self.phi(xq)
        k = self.kernel(fc, fc) + self.noise * torch.eye(xc.shape[0])
        lu, piv = torch.linalg.lu_factor(k)
        alpha = torch.linalg.lu_solve(lu, piv, yc.unsqueeze(-1))
        return (self.kernel(fq, fc) @ alpha).squeeze(-1)


def inputs():
    torch.manual_seed(6126)
    return [
        (torch.randn(10, 4), torch.randn(10), torch.randn(5, 4)),
        (torch.randn(16, 4), torch.randn(16), torch.randn(7, 4)),
    ]
