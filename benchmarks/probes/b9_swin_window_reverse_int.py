import torch
from torch import nn


def window_partition(x, window_size: int):
    b, h, w, c = x.shape
    x = x.view(b, h // window_size, window_size, w // window_size, window_size, c)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(-1, window_size * window_size, c)


def window_reverse(windows, window_size: int, h: int, w: int):
    b = int(windows.shape[0] / (h * w / window_size / window_size))  # breaks: trace
    x = windows.view(b, h // window_size, w // window_size, window_size, window_size, -1)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(b, h, w, -1)


class WindowAttentionBlock(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2, window_size: int = 2):
        super().__init__()
        self.window_size = window_size
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        _, h, w, _ = x.shape
        windows = window_partition(self.norm(x), self.window_size)
        out, _ = self.attn(windows, windows, windows, need_weights=False)
        return x + window_reverse(out, self.window_size, h, w)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([WindowAttentionBlock() for _ in range(2)])

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        for blk in self.blocks:
            x = blk(x)
        return x.permute(0, 3, 1, 2)


def inputs():
    return [(torch.randn(1, 8, 4, 4),), (torch.randn(3, 8, 4, 6),)]
