# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def window_partition(x: Tensor, window_size: int) -> Tensor:
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size * window_size, C)


def window_reverse(windows: Tensor, window_size: int, H: int, W: int) -> Tensor:
    C = windows.shape[-1]
    B = int(windows.shape[0] / (H * W / window_size / window_size))
    x = windows.view(B, H // window_size, W // window_size, window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(B, H, W, C)


class WindowBlock(nn.Module):
    def __init__(self, dim: int, window_size: int, heads: int = 2):
        super().__init__()
        self.window_size = window_size
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x: Tensor, x_size: Tuple[int, int]) -> Tensor:
        H, W = x_size
        B, L, C = x.shape
        shortcut = x
        x = self.norm(x).view(B, H, W, C)
        win = window_partition(x, self.window_size)
        win, _ = self.attn(win, win, win, need_weights=False)
        x = shortcut + window_reverse(win, self.window_size, H, W).view(B, H * W, C)
        return x + self.mlp(x)


class SwinIRLight(nn.Module):
    def __init__(self, in_chans: int = 3, embed_dim: int = 16, depth: int = 2, window_size: int = 4, upscale: int = 2, img_range: float = 1.0):
        super().__init__()
        self.window_size, self.upscale, self.img_range = window_size, upscale, img_range
        self.register_buffer("mean", torch.tensor([0.4488, 0.4371, 0.4040]).view(1, 3, 1, 1))
        self.conv_first = nn.Conv2d(in_chans, embed_dim, 3, 1, 1)
        self.layers = nn.ModuleList(WindowBlock(embed_dim, window_size) for _ in range(depth))
        self.conv_after_body = nn.Conv2d(embed_dim, embed_dim, 3, 1, 1)
        self.upsample = nn.Sequential(nn.Conv2d(embed_dim, in_chans * upscale**2, 3, 1, 1), nn.PixelShuffle(upscale))

    def check_image_size(self, x: Tensor) -> Tensor:
        _, _, h, w = x.size()
        mod_pad_h = (self.window_size - h % self.window_size) % self.window_size
        mod_pad_w = (self.window_size - w % self.window_size) % self.window_size
        return F.pad(x, (0, mod_pad_w, 0, mod_pad_h), "reflect")

    def forward_features(self, x: Tensor) -> Tensor:
        x_size = (x.shape[2], x.shape[3])
        B, C = x.shape[:2]
        t = x.flatten(2).transpose(1, 2)
        for layer in self.layers:
            t = layer(t, x_size)
        return t.transpose(1, 2).reshape(B, C, x_size[0], x_size[1])

    def forward(self, x: Tensor) -> Tensor:
        H, W = x.shape[2:]
        x = self.check_image_size(x)
        x = (x - self.mean) * self.img_range
        x = self.conv_first(x)
        x = self.conv_after_body(self.forward_features(x)) + x
        x = self.upsample(x) / self.img_range + self.mean
        return x[:, :, : H * self.upscale, : W * self.upscale]


Model = SwinIRLight


def inputs():
    torch.manual_seed(5019)
    return [
        (torch.rand(1, 3, 8, 8),),
        (torch.rand(1, 3, 8, 8),),
    ]
