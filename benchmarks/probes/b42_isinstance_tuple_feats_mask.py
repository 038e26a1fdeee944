# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MaybeMaskedMeanPool(nn.Module):
    """Accepts either a feature tensor or a (features, mask) tuple from the previous stage."""

    def __init__(self, d=6):
        super().__init__()
        self.proj = nn.Linear(d, d)

    def forward(self, inp):
        if isinstance(inp, tuple):
            x, mask = inp
        else:
            x, mask = inp, None
        h = self.proj(x)
        if mask is None:
            return h.mean(dim=1)
        m = mask.unsqueeze(-1).to(h.dtype)
        return (h * m).sum(1) / m.sum(1).clamp_min(1.0)


Model = MaybeMaskedMeanPool


def inputs():
    torch.manual_seed(4222)
    return [
        ((torch.randn(2, 5, 6), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]])),),
        ((torch.randn(2, 5, 6), torch.tensor([[1, 0, 0, 0, 0], [1, 1, 1, 1, 0]])),),
        ((torch.randn(2, 5, 6) * 2, torch.ones(2, 5, dtype=torch.long)),),
    ]
