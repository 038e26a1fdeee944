# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def log_sinkhorn(cost: torch.Tensor, eps: float, iters: int) -> torch.Tensor:
    """Entropic optimal transport between uniform marginals, in the log domain."""
    b, n, m = cost.shape
    log_mu = cost.new_full((b, n), 1.0 / n).log()
    log_nu = cost.new_full((b, m), 1.0 / m).log()
    f = torch.zeros_like(log_mu)
    g = torch.zeros_like(log_nu)
    for _ in range(iters):
        f = eps * (log_mu - torch.logsumexp((g[:, None, :] - cost) / eps, dim=-1))
        g = eps * (log_nu - torch.logsumexp((f[:, :, None] - cost) / eps, dim=-2))
    return torch.exp((f[:, :, None] + g[:, None, :] - cost) / eps)


class Model(nn.Module):
    """SuperGlue-style matcher: feature similarities turned into a transport plan by a fixed
    number of Sinkhorn iterations."""

    def __init__(self, d: int = 8, eps: float = 0.1, iters: int = 10):
        super().__init__()
        self.eps, self.iters = eps, iters
        self.proj = nn.Linear(d, d)

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        cost = 1.0 - torch.einsum("bnd,bmd->bnm", self.proj(a), self.proj(b)).tanh()
        return log_sinkhorn(cost, self.eps, self.iters)


def inputs():
    torch.manual_seed(6727)
    return [
        (torch.randn(1, 4, 8), torch.randn(1, 5, 8)),
        (torch.randn(2, 3, 8), torch.randn(2, 6, 8)),
    ]
