# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PairwiseSim(nn.Module):
    """Keeps a (non-differentiable) affinity scratch buffer resized in place to the batch."""

    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("scratch", torch.zeros(0), persistent=False)

    def forward(self, x):
        h = self.proj(x)
        n = h.size(0)
        with torch.no_grad():
            self.scratch.resize_(n, n)
            torch.matmul(h, h.t(), out=self.scratch)
        return self.scratch.clone().softmax(-1) @ h


Model = PairwiseSim


def inputs():
    torch.manual_seed(4626)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
