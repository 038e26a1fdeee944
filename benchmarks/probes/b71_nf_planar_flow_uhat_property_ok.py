# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PlanarFlow(nn.Module):
    """Planar flow f(z) = z + u_hat * tanh(w.z + b), u_hat constrained so f stays invertible."""

    def __init__(self, dim: int):
        super().__init__()
        self.u = nn.Parameter(torch.randn(dim) * 0.1)
        self.w = nn.Parameter(torch.randn(dim) * 0.1)
        self.b = nn.Parameter(torch.zeros(1))

    @property
    def u_hat(self) -> torch.Tensor:
        wu = torch.dot(self.w, self.u)
        m = -1.0 + F.softplus(wu)
        return self.u + (m - wu) * self.w / self.w.pow(2).sum()

    def forward(self, z: torch.Tensor):
        u = self.u_hat
        lin = z @ self.w + self.b
        psi = (1 - torch.tanh(lin).pow(2)).unsqueeze(-1) * self.w
        logdet = torch.log(torch.abs(1 + psi @ u) + 1e-8)
        return z + u * torch.tanh(lin).unsqueeze(-1), logdet


class Model(nn.Module):
    def __init__(self, dim: int = 3, depth: int = 4):
        super().__init__()
        self.flows = nn.ModuleList([PlanarFlow(dim) for _ in range(depth)])

    def forward(self, z: torch.Tensor):
        total = torch.zeros(z.size(0))
        for flow in self.flows:
            z, ld = flow(z)
            total = total + ld
        return z, total


def inputs():
    torch.manual_seed(7118)
    return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
