# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


@torch.jit.script
def rotate_half(x: torch.Tensor) -> torch.Tensor:
    x1, x2 = x.chunk(2, -1)
    return torch.cat((-x2, x1), -1)


class Rotary(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, x):
        t = torch.arange(x.shape[1], dtype=x.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat((freqs, freqs), -1)
        return x * emb.cos() + rotate_half(x) * emb.sin()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rope = Rotary(4)

    def forward(self, x):
        return self.rope(x)


def inputs():
    return [(torch.randn(1, 3, 4),), (torch.randn(2, 5, 4),)]
