# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class LinearAttention(nn.Module):
    """Katharopoulos et al. linear attention with the elu+1 feature map."""

    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def split_heads(self, t: torch.Tensor) -> torch.Tensor:
        return t.view(t.shape[:-1] + (self.heads, self.head_dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = F.elu(self.split_heads(q)) + 1
        k = F.elu(self.split_heads(k)) + 1
        v = self.split_heads(v)
        kv = torch.einsum("bnhd,bnhe->bhde", k, v)
        z = 1.0 / (torch.einsum("bnhd,bhd->bnh", q, k.sum(1)) + 1e-6)
        y = torch.einsum("bnhd,bhde,bnh->bnhe", q, kv, z)
        return self.out(y.flatten(2))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = LinearAttention()
        self.norm = nn.LayerNorm(16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.attn(self.norm(x))


def inputs():
    torch.manual_seed(6819)
    return [(torch.randn(2, 9, 16),), (torch.randn(3, 5, 16),)]
