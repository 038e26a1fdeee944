import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.to_qkv = tnn.Linear(dim, dim * 3, bias=False)
        self.to_out = tnn.Linear(dim, dim)

    def forward(self, x, mask):
        b, n, _ = x.shape
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(b, n, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        sim = T.einsum("bhid,bhjd->bhij", q, k) * self.scale
        sim = sim.masked_fill(~mask[:, None, None, :], T.finfo(sim.dtype).min)
        attn = sim.softmax(dim=-1)
        out = T.einsum("bhij,bhjd->bhid", attn, v)
        return self.to_out(out.transpose(1, 2).reshape(b, n, -1))


def inputs():
    return [
        (T.randn(2, 4, 8), T.tensor([[True] * 4, [True, True, False, False]])),
        (T.randn(1, 6, 8), T.tensor([[True] * 5 + [False]])),
    ]
