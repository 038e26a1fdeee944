import torch as T
from torch import nn as tnn
F = T.nn.functional


class Model(tnn.Module):
    def __init__(self, dim: int = 16, n_heads: int = 4, n_kv: int = 2):
        super().__init__()
        self.n_heads, self.n_kv, self.hd = n_heads, n_kv, dim // n_heads
        self.wq = tnn.Linear(dim, n_heads * self.hd, bias=False)
        self.wk = tnn.Linear(dim, n_kv * self.hd, bias=False)
        self.wv = tnn.Linear(dim, n_kv * self.hd, bias=False)
        self.wo = tnn.Linear(n_heads * self.hd, dim, bias=False)

    def forward(self, x):
        bsz, seqlen, _ = x.shape
        q = self.wq(x).view(bsz, seqlen, self.n_heads, self.hd).transpose(1, 2)
        k = self.wk(x).view(bsz, seqlen, self.n_kv, self.hd).transpose(1, 2)
        v = self.wv(x).view(bsz, seqlen, self.n_kv, self.hd).transpose(1, 2)
        rep = self.n_heads // self.n_kv
        if rep > 1:
            k = k.repeat_interleave(rep, dim=1)
            v = v.repeat_interleave(rep, dim=1)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(out.transpose(1, 2).reshape(bsz, seqlen, -1))


def inputs():
    return [(T.randn(2, 5, 16),), (T.randn(3, 7, 16),)]
