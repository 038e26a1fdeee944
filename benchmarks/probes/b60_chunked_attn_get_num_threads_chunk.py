# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def query_chunk_size(n_queries: int) -> int:
    """Split the queries over the intra-op threads so every chunk keeps one core busy
    (memory-bounded attention for long point sets on CPU servers)."""
    threads = max(1, torch.get_num_threads())
    return max(1, -(-n_queries // threads))


def chunked_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    chunk = query_chunk_size(q.shape[-2])
    outs = [F.scaled_dot_product_attention(qc, k, v) for qc in q.split(chunk, dim=-2)]
    return torch.cat(outs, dim=-2)


class CrossAttention(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)
        self.out = nn.Linear(dim, dim)

    def split_heads(self, t: torch.Tensor) -> torch.Tensor:
        b, n, d = t.shape
        return t.view(b, n, self.heads, d // self.heads).transpose(1, 2)

    def forward(self, x: torch.Tensor, ctx: torch.Tensor) -> torch.Tensor:
        q = self.split_heads(self.q(x))
        k, v = self.kv(ctx).chunk(2, dim=-1)
        y = chunked_attention(q, self.split_heads(k), self.split_heads(v))
        b, h, n, dh = y.shape
        return self.out(y.transpose(1, 2).reshape(b, n, h * dh))


class Model(nn.Module):
    """Perceiver-style decoder: dense query points attend to a latent array (occupancy head)."""

    def __init__(self, dim: int = 32, latents: int = 16):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(latents, dim) * 0.02)
        self.point_embed = nn.Linear(3, dim)
        self.encode = CrossAttention(dim, 4)
        self.decode = CrossAttention(dim, 4)
        self.occ = nn.Linear(dim, 1)

    def forward(self, surface: torch.Tensor, queries: torch.Tensor) -> torch.Tensor:
        lat = self.latents.expand(surface.shape[0], -1, -1)
        lat = lat + self.encode(lat, self.point_embed(surface))
        h = self.decode(self.point_embed(queries), lat)
        return self.occ(h).squeeze(-1)


def inputs():
    torch.manual_seed(6024)
    return [(torch.randn(2, 40, 3), torch.randn(2, 50, 3)), (torch.randn(3, 60, 3), torch.randn(3, 77, 3))]
