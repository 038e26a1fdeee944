# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GroupedQueryAttention(nn.Module):
    """LLM: 4 query heads share 2 key/value heads through scaled_dot_product_attention(enable_gqa=True)."""

    def __init__(self, d: int = 16, hq: int = 4, hkv: int = 2):
        super().__init__()
        self.hq, self.hkv, self.hd = hq, hkv, d // hq
        self.q = nn.Linear(d, hq * self.hd)
        self.kv = nn.Linear(d, 2 * hkv * self.hd)
        self.o = nn.Linear(hq * self.hd, d)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.hq, self.hd).transpose(1, 2)
        k, v = self.kv(x).view(b, t, 2 * self.hkv, self.hd).transpose(1, 2).chunk(2, dim=1)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(out.transpose(1, 2).reshape(b, t, -1))


Model = GroupedQueryAttention


def inputs():
    torch.manual_seed(5526)
    return [(torch.randn(2, 6, 16),), (torch.randn(1, 11, 16),)]
