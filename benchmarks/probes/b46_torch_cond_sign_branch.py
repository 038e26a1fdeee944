# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SignedResidual(nn.Module):
    """Picks one of two heads from the sign of the pooled activation with torch.cond."""

    def __init__(self, dim=8):
        super().__init__()
        self.pos = nn.Linear(dim, dim)
        self.neg = nn.Linear(dim, dim)

    def forward(self, x):
        return torch.cond(x.mean() > 0, lambda t: self.pos(t), lambda t: self.neg(t), (x,))


Model = SignedResidual


def inputs():
    torch.manual_seed(4620)
    return [(torch.randn(2, 8) + 1,), (torch.randn(2, 8) - 1,), (torch.randn(3, 8) + 1,)]
