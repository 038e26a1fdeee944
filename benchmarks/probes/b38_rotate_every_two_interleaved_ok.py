# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def rotate_every_two(x):
    x1 = x[..., ::2]
    x2 = x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


class InterleavedRotary(nn.Module):
    """GPT-J style rotary embedding applied to interleaved (even, odd) feature pairs."""

    def __init__(self, dim=8, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x):
        t = torch.arange(x.shape[-2], device=x.device, dtype=self.inv_freq.dtype)
        freqs = torch.outer(t, self.inv_freq).repeat_interleave(2, dim=-1)
        return x * freqs.cos() + rotate_every_two(x) * freqs.sin()


Model = InterleavedRotary


def inputs():
    torch.manual_seed(3827)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
