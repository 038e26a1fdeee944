# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AnyDimAdapter(nn.Module):
    """Builds an identity-initialised adapter the first time a feature width is seen."""

    def __init__(self, out_dim=8):
        super().__init__()
        self.out_dim = out_dim
        self.norm = nn.LayerNorm(out_dim)

    def _adapter(self, in_dim):
        name = f"adapter_{in_dim}"
        if not hasattr(self, name):
            lin = nn.Linear(in_dim, self.out_dim)
            nn.init.eye_(lin.weight)
            nn.init.zeros_(lin.bias)
            self.add_module(name, lin)
        return getattr(self, name)

    def forward(self, x):
        return self.norm(self._adapter(x.shape[-1])(x))


Model = AnyDimAdapter


def inputs():
    torch.manual_seed(4904)
    return [(torch.randn(2, 12),), (torch.randn(3, 6),)]
