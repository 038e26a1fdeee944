from typing import Optional

import torch
from torch import Tensor, nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, q_dim: int, kv_dim: Optional[int] = None, heads: int = 2, head_dim: int = 16):
        super().__init__()
        kv_dim = kv_dim or q_dim
        inner = heads * head_dim
        self.heads = heads
        self.norm_q = nn.LayerNorm(q_dim)
        self.norm_kv = nn.LayerNorm(kv_dim)
        self.to_q = nn.Linear(q_dim, inner, bias=False)
        self.to_kv = nn.Linear(kv_dim, 2 * inner, bias=False)
        self.proj = nn.Linear(inner, q_dim)

    def forward(self, latents: Tensor, context: Optional[Tensor] = None, mask: Optional[Tensor] = None) -> Tensor:
        context = latents if context is None else context
        q = self.to_q(self.norm_q(latents))
        k, v = self.to_kv(self.norm_kv(context)).chunk(2, dim=-1)
        q, k, v = (t.unflatten(-1, (self.heads, -1)).transpose(1, 2) for t in (q, k, v))
        attn_mask = None if mask is None else mask[:, None, None, :]
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)
        return latents + self.proj(out.transpose(1, 2).flatten(2))


class Perceiver(nn.Module):
    def __init__(self, input_dim=12, num_latents=8, latent_dim=32, depth=2, num_classes=5):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(num_latents, latent_dim) * 0.02)
        self.cross = Attention(latent_dim, input_dim)
        self.layers = nn.ModuleList(Attention(latent_dim) for _ in range(depth))
        self.classifier = nn.Sequential(nn.LayerNorm(latent_dim), nn.Linear(latent_dim, num_classes))

    def forward(self, data, mask=None):
        x = self.latents.expand(data.shape[0], -1, -1)
        x = self.cross(x, data, mask=mask)
        for layer in self.layers:
            x = layer(x)
        return self.classifier(x.mean(dim=1))


Model = Perceiver


def inputs():
    torch.manual_seed(3007)
    m1 = torch.arange(20).expand(2, 20) < torch.tensor([[20], [13]])
    m2 = torch.arange(20).expand(3, 20) < torch.tensor([[7], [20], [15]])
    return [(torch.randn(2, 20, 12), m1), (torch.randn(3, 20, 12), m2)]
