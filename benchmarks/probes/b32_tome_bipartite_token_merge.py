import torch
import torch.nn as nn


def bipartite_soft_matching(metric, r: int):
    t = metric.shape[1]
    r = min(r, t // 2)  # breaks: trace
    metric = metric / metric.norm(dim=-1, keepdim=True)
    a, b = metric[..., ::2, :], metric[..., 1::2, :]
    scores = a @ b.transpose(-1, -2)
    node_max, node_idx = scores.max(dim=-1)
    edge_idx = node_max.argsort(dim=-1, descending=True)[..., None]
    unm_idx, src_idx = edge_idx[..., r:, :], edge_idx[..., :r, :]
    dst_idx = node_idx[..., None].gather(dim=-2, index=src_idx)

    def merge(x):
        src, dst = x[..., ::2, :], x[..., 1::2, :]
        n, t1, c = src.shape
        unm = src.gather(dim=-2, index=unm_idx.expand(n, t1 - r, c))
        src = src.gather(dim=-2, index=src_idx.expand(n, r, c))
        dst = dst.scatter_reduce(-2, dst_idx.expand(n, r, c), src, reduce="mean")
        return torch.cat([unm, dst], dim=1)

    return merge


class ToMeBlock(nn.Module):
    def __init__(self, dim=16, heads=2, r=3):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.r = r

    def forward(self, x):
        y = self.norm1(x)
        attn_out, _ = self.attn(y, y, y, need_weights=False)
        x = x + attn_out
        merge = bipartite_soft_matching(y, self.r)
        x = merge(x)
        return x + self.mlp(self.norm2(x))


class ToMeViT(nn.Module):
    def __init__(self, dim=16, depth=3, n_cls=5):
        super().__init__()
        self.blocks = nn.Sequential(*[ToMeBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, n_cls)

    def forward(self, tokens):
        return self.head(self.blocks(tokens).mean(1))


Model = ToMeViT


def inputs():
    torch.manual_seed(3206)
    return [(torch.randn(2, 20, 16),), (torch.randn(3, 8, 16),)]
