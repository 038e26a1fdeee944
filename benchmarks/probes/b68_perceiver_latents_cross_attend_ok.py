# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CrossAttendBlock(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.norm_q = nn.LayerNorm(d)
        self.norm_kv = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, latents: torch.Tensor, data: torch.Tensor) -> torch.Tensor:
        kv = self.norm_kv(data)
        out, _ = self.attn(self.norm_q(latents), kv, kv, need_weights=False)
        latents = latents + out
        return latents + self.ff(latents)


class Model(nn.Module):
    """Perceiver encoder: a fixed set of learned latents reads an input array of any length."""

    def __init__(self, d_in: int = 5, d: int = 16, n_latents: int = 4, heads: int = 2, depth: int = 2):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_latents, d) * 0.02)
        self.input_proj = nn.Linear(d_in, d)
        self.blocks = nn.ModuleList([CrossAttendBlock(d, heads) for _ in range(depth)])
        self.head = nn.Linear(d, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        data = self.input_proj(x)
        lat = self.latents.unsqueeze(0).expand(x.size(0), -1, -1)
        for block in self.blocks:
            lat = block(lat, data)
        return self.head(lat.mean(1))


def inputs():
    torch.manual_seed(6826)
    return [(torch.randn(2, 9, 5),), (torch.randn(3, 14, 5),)]
