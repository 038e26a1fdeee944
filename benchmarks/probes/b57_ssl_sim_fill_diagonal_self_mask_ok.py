# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class TwoViewContrastive(nn.Module):
    """Self-supervised: NT-Xent logits over two views; the self-similarity on the diagonal is
    removed in place with fill_diagonal_(-inf) before the log-softmax over candidates."""

    def __init__(self, d_in: int = 10, d: int = 8, tau: float = 0.2):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(d_in, 16), nn.ReLU(), nn.Linear(16, d))
        self.tau = tau

    def forward(self, view_a, view_b):
        z = F.normalize(self.proj(torch.cat([view_a, view_b])), dim=-1)
        sim = z @ z.t() / self.tau
        sim.fill_diagonal_(float("-inf"))
        return torch.log_softmax(sim, dim=-1)


Model = TwoViewContrastive


def inputs():
    torch.manual_seed(5706)
    return [(torch.randn(4, 10), torch.randn(4, 10)), (torch.randn(6, 10), torch.randn(6, 10))]
