# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def off_diagonal(m: torch.Tensor) -> torch.Tensor:
    n = m.shape[0]
    return m.flatten()[:-1].view(n - 1, n + 1)[:, 1:].flatten()


class VICRegHead(nn.Module):
    """Variance-covariance regulariser on a projector's embeddings (VICReg style)."""

    def __init__(self, dim=8, proj=6):
        super().__init__()
        self.projector = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, proj))

    def forward(self, x):
        z = self.projector(x)
        z = z - z.mean(dim=0)
        std = torch.sqrt(z.var(dim=0) + 1e-4)
        var_loss = torch.relu(1 - std).mean()
        cov = torch.cov(z.T)
        cov_loss = off_diagonal(cov).pow(2).sum() / z.shape[1]
        return z, var_loss + cov_loss


Model = VICRegHead


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(8, 8),), (torch.randn(12, 8),)]
