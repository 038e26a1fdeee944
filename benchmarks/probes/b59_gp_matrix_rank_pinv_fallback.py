# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Kernel ridge regression head: solves the Gram system exactly when it has full rank and
    falls back to the pseudo-inverse when torch.linalg.matrix_rank says it is singular."""

    def __init__(self, d: int = 3):
        super().__init__()
        self.log_ls = nn.Parameter(torch.zeros(()))
        self.proj = nn.Linear(d, d)

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        z = self.proj(x)
        k = torch.exp(-torch.cdist(z, z).pow(2) / (2 * self.log_ls.exp() ** 2))
        if torch.linalg.matrix_rank(k) < k.shape[0]:
            alpha = torch.linalg.pinv(k) @ y
        else:
            alpha = torch.linalg.solve(k, y)
        return k @ alpha


def inputs():
    torch.manual_seed(5913)
    xa = torch.randn(5, 3)
    xb = torch.cat([torch.randn(4, 3)] * 2)
    return [(xa, torch.randn(5, 1)), (xb, torch.randn(8, 1))]
