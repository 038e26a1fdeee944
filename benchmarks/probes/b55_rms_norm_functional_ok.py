# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNormBlock(nn.Module):
    """LLM block: pre-norm with the built-in F.rms_norm (normalized_shape from a config int) and a gated MLP."""

    def __init__(self, d: int = 16):
        super().__init__()
        self.d = d
        self.scale = nn.Parameter(torch.ones(d))
        self.up = nn.Linear(d, 2 * d)
        self.down = nn.Linear(d, d)

    def forward(self, x):
        h = F.rms_norm(x, (self.d,), self.scale, 1e-6)
        a, b = self.up(h).chunk(2, dim=-1)
        return x + self.down(F.silu(a) * b)


Model = RMSNormBlock


def inputs():
    torch.manual_seed(5525)
    return [(torch.randn(2, 5, 16),), (torch.randn(1, 9, 16),)]
