import torch
import torch.nn.functional as F
from torch import nn


def repeat_kv(hidden: torch.Tensor, n_rep: int) -> torch.Tensor:
    batch, kv_heads, slen, head_dim = hidden.shape
    if n_rep == 1:
        return hidden
    hidden = hidden[:, :, None, :, :].expand(batch, kv_heads, n_rep, slen, head_dim)
    return hidden.reshape(batch, kv_heads * n_rep, slen, head_dim)


def model_forward(self, x):
    b, s, _ = x.shape
    q = self.q(x).view(b, s, self.heads, self.hd).transpose(1, 2)
    k, v = self.kv(x).view(b, s, 2 * self.kv_heads, self.hd).transpose(1, 2).chunk(2, dim=1)
    k = repeat_kv(k, self.heads // self.kv_heads)
    v = repeat_kv(v, self.heads // self.kv_heads)
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return out.transpose(1, 2).reshape(b, s, -1)


class Model(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 4, kv_heads: int = 2):
        super().__init__()
        self.heads, self.kv_heads, self.hd = heads, kv_heads, dim // heads
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * kv_heads * self.hd)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 7, 16),)]
