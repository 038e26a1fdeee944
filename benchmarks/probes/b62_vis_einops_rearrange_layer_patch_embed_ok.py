# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from einops.layers.torch import Rearrange, Reduce


def patch_embedding(patch: int, in_ch: int, dim: int) -> nn.Sequential:
    """Patchify as a layer stack, so the whole stem is one Sequential (printable, swappable)."""
    return nn.Sequential(
        Rearrange("b c (h p1) (w p2) -> b h w (p1 p2 c)", p1=patch, p2=patch),
        nn.Linear(patch * patch * in_ch, dim),
        nn.LayerNorm(dim),
    )


class MixerBlock(nn.Module):
    """ConvMixer-style block on channels-last maps: depthwise conv (spatial) + MLP (channels)."""

    def __init__(self, dim: int):
        super().__init__()
        self.to_cf = Rearrange("b h w c -> b c h w")
        self.dw = nn.Conv2d(dim, dim, 3, padding=1, groups=dim)
        self.to_cl = Rearrange("b c h w -> b h w c")
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.to_cl(F.gelu(self.dw(self.to_cf(x))))
        return x + self.mlp(self.norm(x))


class Model(nn.Module):
    """Patch-MLP / depthwise-conv hybrid classifier built from einops layers; the token grid
    stays channels-last (B, H, W, C) between blocks, and pooling is an einops Reduce."""

    def __init__(self, patch: int = 4, dim: int = 32, depth: int = 2, n_cls: int = 10):
        super().__init__()
        self.stem = patch_embedding(patch, 3, dim)
        self.blocks = nn.Sequential(*[MixerBlock(dim) for _ in range(depth)])
        self.pool = Reduce("b h w c -> b c", "mean")
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(dim, n_cls)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        tokens = self.blocks(self.stem(img))
        return self.head(self.drop(self.pool(tokens)))


def inputs():
    torch.manual_seed(6223)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(3, 3, 24, 32),)]
