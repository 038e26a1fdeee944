# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MHSA(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q @ k.transpose(-2, -1)) * self.scale
        x = (attn.softmax(dim=-1) @ v).transpose(1, 2).reshape(B, N, C)
        return self.proj(x)


class DividedBlock(nn.Module):
    """TimeSformer block: temporal attention per patch location, then spatial attention per frame."""

    def __init__(self, dim, heads):
        super().__init__()
        self.temporal_norm = nn.LayerNorm(dim)
        self.temporal_attn = MHSA(dim, heads)
        self.temporal_fc = nn.Linear(dim, dim)
        self.norm1 = nn.LayerNorm(dim)
        self.attn = MHSA(dim, heads)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x, T, N):
        B, L, C = x.shape
        xt = x.reshape(B, N, T, C).reshape(B * N, T, C)
        xt = self.temporal_fc(self.temporal_attn(self.temporal_norm(xt)))
        x = x + xt.reshape(B, N * T, C)
        xs = x.reshape(B, N, T, C).permute(0, 2, 1, 3).reshape(B * T, N, C)
        xs = self.attn(self.norm1(xs)).reshape(B, T, N, C).permute(0, 2, 1, 3).reshape(B, N * T, C)
        x = x + xs
        return x + self.mlp(self.norm2(x))


class TimeSformer(nn.Module):
    def __init__(self, patch=4, in_chans=3, dim=16, heads=2, depth=2, num_frames=4, max_patches=16, num_classes=5):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, dim, patch, stride=patch)
        self.pos_embed = nn.Parameter(torch.randn(1, max_patches, dim) * 0.02)
        self.time_embed = nn.Parameter(torch.randn(1, num_frames, dim) * 0.02)
        self.blocks = nn.ModuleList([DividedBlock(dim, heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, video):
        B, C, T, H, W = video.shape
        x = self.patch_embed(video.transpose(1, 2).reshape(B * T, C, H, W))
        x = x.flatten(2).transpose(1, 2)
        N = x.size(1)
        x = x + self.pos_embed[:, :N]
        x = x.reshape(B, T, N, -1).transpose(1, 2) + self.time_embed[:, :T].unsqueeze(1)
        x = x.reshape(B, N * T, -1)
        for blk in self.blocks:
            x = blk(x, T, N)
        return self.head(self.norm(x).mean(dim=1))


Model = TimeSformer


def inputs():
    torch.manual_seed(3925)
    return [(torch.randn(1, 3, 4, 16, 16),), (torch.randn(2, 3, 2, 12, 8),)]
