# ruff: noqa  (a probe is written as users write models)
from functools import reduce
from operator import mul

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_window_size(x_size, window_size, shift_size=None):
    use_window_size = list(window_size)
    use_shift_size = list(shift_size) if shift_size is not None else None
    for i in range(len(x_size)):
        if x_size[i] <= window_size[i]:
            use_window_size[i] = x_size[i]
            if shift_size is not None:
                use_shift_size[i] = 0
    if shift_size is None:
        return tuple(use_window_size)
    return tuple(use_window_size), tuple(use_shift_size)


def window_partition(x, ws):
    b, d, h, w, c = x.shape
    x = x.view(b, d // ws[0], ws[0], h // ws[1], ws[1], w // ws[2], ws[2], c)
    return x.permute(0, 1, 3, 5, 2, 4, 6, 7).reshape(-1, reduce(mul, ws), c)


def window_reverse(windows, ws, b, d, h, w):
    x = windows.view(b, d // ws[0], h // ws[1], w // ws[2], ws[0], ws[1], ws[2], -1)
    return x.permute(0, 1, 4, 2, 5, 3, 6, 7).reshape(b, d, h, w, -1)


class SwinBlock3D(nn.Module):
    def __init__(self, dim=16, heads=2, window_size=(2, 4, 4), shift_size=(0, 0, 0)):
        super().__init__()
        self.window_size, self.shift_size = window_size, shift_size
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        b, d, h, w, c = x.shape
        window_size, shift_size = get_window_size((d, h, w), self.window_size, self.shift_size)
        shortcut = x
        x = self.norm1(x)
        pad_d = (window_size[0] - d % window_size[0]) % window_size[0]
        pad_b = (window_size[1] - h % window_size[1]) % window_size[1]
        pad_r = (window_size[2] - w % window_size[2]) % window_size[2]
        x = F.pad(x, (0, 0, 0, pad_r, 0, pad_b, 0, pad_d))
        _, dp, hp, wp, _ = x.shape
        if any(i > 0 for i in shift_size):
            x = torch.roll(x, shifts=tuple(-i for i in shift_size), dims=(1, 2, 3))
        windows = window_partition(x, window_size)
        attn_out, _ = self.attn(windows, windows, windows, need_weights=False)
        x = window_reverse(attn_out, window_size, b, dp, hp, wp)
        if any(i > 0 for i in shift_size):
            x = torch.roll(x, shifts=shift_size, dims=(1, 2, 3))
        x = shortcut + x[:, :d, :h, :w, :].contiguous()
        return x + self.mlp(self.norm2(x))


Model = SwinBlock3D


def inputs():
    torch.manual_seed(3715)
    return [(torch.randn(1, 2, 3, 8, 16),), (torch.randn(2, 4, 8, 6, 16),)]
