# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AnyDimAdapter(nn.Module):
    """Adapters for every supported feature width built up front, picked by str(width)."""

    def __init__(self, widths=(6, 12), out_dim=8):
        super().__init__()
        self.adapters = nn.ModuleDict({str(w): nn.Linear(w, out_dim) for w in widths})
        self.norm = nn.LayerNorm(out_dim)

    def forward(self, x):
        return self.norm(self.adapters[str(x.shape[-1])](x))


Model = AnyDimAdapter


def inputs():
    torch.manual_seed(4929)
    return [(torch.randn(2, 12),), (torch.randn(3, 6),)]
