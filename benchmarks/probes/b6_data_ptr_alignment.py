import torch
from torch import nn


def _aligned(t, bytes_: int = 16):
    return t.is_contiguous() and t.data_ptr() % bytes_ == 0  # breaks: compile,export


class Rotary(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.register_buffer("inv_freq", 1.0 / 10000 ** (torch.arange(0, dim, 2).float() / dim))

    def forward(self, x, positions):
        if not _aligned(x):
            x = x.contiguous()
        freqs = positions.float()[:, None] * self.inv_freq[None]
        cos, sin = freqs.cos(), freqs.sin()
        x1, x2 = x[..., ::2], x[..., 1::2]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rope = Rotary()

    def forward(self, x, positions):
        return self.rope(x, positions)


def inputs():
    return [
        (torch.randn(2, 4, 8), torch.arange(4)),
        (torch.randn(2, 4, 8), torch.arange(4) + 7),
    ]
