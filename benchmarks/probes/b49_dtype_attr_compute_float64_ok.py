# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PrecisePooling(nn.Module):
    """Accumulates the pooled sum in a configurable compute dtype held as an attribute."""

    def __init__(self, dim=8, compute_dtype=torch.float64):
        super().__init__()
        self.compute_dtype = compute_dtype
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask):
        h = self.proj(x).to(self.compute_dtype)
        m = mask.to(self.compute_dtype).unsqueeze(-1)
        pooled = (h * m).sum(1) / m.sum(1).clamp_min(1.0)
        return pooled.to(x.dtype)


Model = PrecisePooling


def inputs():
    torch.manual_seed(4932)
    return [
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]])),
        (torch.randn(3, 4, 8), torch.tensor([[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]])),
    ]
