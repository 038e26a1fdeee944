# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
from torch import Tensor


def local_attention_mask(hw: Tuple[int, int], local_k: Tuple[int, int]) -> Tensor:
    H, W = hw
    hk, wk = local_k
    mask = torch.ones(H * W, H + hk - 1, W + wk - 1, dtype=torch.float32)
    for h in range(H):
        for w in range(W):
            mask[h * W + w, h : h + hk, w : w + wk] = 0.0
    mask = mask[:, hk // 2 : H + hk // 2, wk // 2 : W + wk // 2].flatten(1)
    return mask.masked_fill(mask == 1, float("-inf")).unsqueeze(0).unsqueeze(1)


class Mixing(nn.Module):
    def __init__(self, dim: int, num_heads: int = 2, mixer: str = "Global", HW: Optional[Tuple[int, int]] = None, local_k=(3, 5)):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.HW, self.mixer = HW, mixer
        if HW is not None:
            self.N, self.C = HW[0] * HW[1], dim
        if mixer == "Local" and HW is not None:
            self.register_buffer("mask", local_attention_mask(HW, local_k), persistent=False)
        else:
            self.mask = None

    def forward(self, x: Tensor) -> Tensor:
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0] * self.scale, qkv[1], qkv[2]
        attn = q.matmul(k.transpose(-2, -1))
        if self.mask is not None:
            attn = attn + self.mask
        attn = attn.softmax(dim=-1)
        return self.proj((attn.matmul(v)).transpose(1, 2).reshape(B, N, C))


class Block(nn.Module):
    def __init__(self, dim: int, mixer: str, HW: Tuple[int, int]):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.mixer = Mixing(dim, mixer=mixer, HW=HW)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x: Tensor) -> Tensor:
        x = x + self.mixer(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class SVTRStage(nn.Module):
    def __init__(self, dim: int = 16, HW: Tuple[int, int] = (4, 8), mixers=("Local", "Local", "Global"), num_classes: int = 10):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, 4, 4)
        self.blocks = nn.ModuleList(Block(dim, m, HW) for m in mixers)
        self.pool = nn.AdaptiveAvgPool2d((1, HW[1]))
        self.ctc = nn.Linear(dim, num_classes)

    def forward(self, img: Tensor) -> Tensor:
        x = self.patch(img)
        B, C, H, W = x.shape
        x = x.flatten(2).transpose(1, 2)
        for blk in self.blocks:
            x = blk(x)
        x = self.pool(x.transpose(1, 2).reshape(B, C, H, W)).squeeze(2).transpose(1, 2)
        return self.ctc(x).log_softmax(-1)


Model = SVTRStage


def inputs():
    torch.manual_seed(5022)
    return [
        (torch.randn(1, 3, 16, 32),),
        (torch.randn(3, 3, 16, 32),),
    ]
