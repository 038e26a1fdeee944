# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Sinkhorn(nn.Module):
    """Sinkhorn-Knopp scaling that stops as soon as the row marginals are within tolerance."""

    def __init__(self, eps: float = 0.5, max_iters: int = 50, tol: float = 1e-3):
        super().__init__()
        self.eps, self.max_iters, self.tol = eps, max_iters, tol

    def forward(self, cost: torch.Tensor) -> torch.Tensor:
        k = torch.exp(-cost / self.eps)
        u = torch.ones(cost.shape[0])
        v = torch.ones(cost.shape[1])
        for _ in range(self.max_iters):
            u = 1.0 / (k @ v) / cost.shape[0]
            v = 1.0 / (k.t() @ u) / cost.shape[1]
            row = u * (k @ v)
            if (row - 1.0 / cost.shape[0]).abs().max() < self.tol:  # breaks: compile,export,trace
                break
        return u[:, None] * k * v[None, :]


class Model(nn.Module):
    """Optimal-transport pooling of a set of features onto learned prototypes."""

    def __init__(self, d: int = 6, k: int = 4):
        super().__init__()
        self.prototypes = nn.Parameter(torch.randn(k, d))
        self.ot = Sinkhorn()

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        cost = torch.cdist(feats, self.prototypes)
        plan = self.ot(cost)
        return plan.t() @ feats


def inputs():
    torch.manual_seed(6728)
    return [(torch.randn(5, 6),), (torch.randn(5, 6) * 3,)]
