# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel


class MathBackendAttention(nn.Module):
    """Pins SDPA to the math backend for reproducible numerics."""

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)

    def forward(self, x):
        b, n, d = x.shape
        q = self.q(x).view(b, n, self.heads, -1).transpose(1, 2)
        k, v = self.kv(x).view(b, n, 2, self.heads, -1).permute(2, 0, 3, 1, 4)
        with sdpa_kernel(SDPBackend.MATH):
            out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return out.transpose(1, 2).reshape(b, n, d)


Model = MathBackendAttention


def inputs():
    torch.manual_seed(3627)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),), (torch.randn(1, 6, 8),)]
