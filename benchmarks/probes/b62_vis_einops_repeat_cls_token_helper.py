# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from einops import repeat


def prepend_tokens(tokens: torch.Tensor, extra: torch.Tensor) -> torch.Tensor:
    """Prepend learned tokens (cls / register tokens) to every sequence in the batch."""
    extra = repeat(extra, "n d -> b n d", b=tokens.shape[0])
    return torch.cat([extra, tokens], dim=1)


class PatchEmbed(nn.Module):
    def __init__(self, patch: int = 4, dim: int = 32):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.proj(x).flatten(2).transpose(1, 2)


class Block(nn.Module):
    def __init__(self, dim: int, heads: int = 4):
        super().__init__()
        self.n1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.n2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.n1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.n2(x))


class Model(nn.Module):
    """Tiny ViT with a class token and two register tokens, no positional table (conv pos)."""

    def __init__(self, dim: int = 32, n_cls: int = 7):
        super().__init__()
        self.embed = PatchEmbed(4, dim)
        self.pos = nn.Conv2d(dim, dim, 3, padding=1, groups=dim)
        self.cls_and_regs = nn.Parameter(torch.randn(3, dim) * 0.02)
        self.blocks = nn.Sequential(Block(dim), Block(dim))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_cls)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        b, _, h, w = img.shape
        feat = self.embed.proj(img)
        feat = feat + self.pos(feat)
        tokens = prepend_tokens(feat.flatten(2).transpose(1, 2), self.cls_and_regs)
        tokens = self.norm(self.blocks(tokens))
        return self.head(tokens[:, 0])


def inputs():
    torch.manual_seed(6205)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(3, 3, 24, 40),)]
