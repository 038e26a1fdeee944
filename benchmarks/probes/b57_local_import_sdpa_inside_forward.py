# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LazyImportAttention(nn.Module):
    """NLP: self-attention that imports its kernel lazily inside forward (an optional-dependency
    habit: `from ... import` at call time)."""

    def __init__(self, d: int = 16, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        from torch.nn.functional import scaled_dot_product_attention

        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        y = scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


Model = LazyImportAttention


def inputs():
    torch.manual_seed(5711)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 8, 16),)]
