import itertools
import math

import torch
from torch import nn


def sinusoid(positions, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(10000.0) * torch.arange(half, dtype=torch.float32) / half)
    ang = positions[:, None].float() * freqs[None]
    return torch.cat([ang.sin(), ang.cos()], dim=-1)


class StreamingDecoder(nn.Module):
    """Chunk-wise streaming decoder with absolute sinusoidal positions."""

    def __init__(self, dim=16, chunk=6):
        super().__init__()
        self.dim = dim
        self.chunk = chunk
        self.inp = nn.Linear(8, dim)
        self.out = nn.Linear(dim, 4)
        self._chunk_ids = itertools.count()

    def reset(self):
        self._chunk_ids = itertools.count()

    def forward(self, frames):
        start = next(self._chunk_ids) * self.chunk  # breaks: export,trace
        pos = torch.arange(start, start + frames.shape[1], device=frames.device)
        h = self.inp(frames) + sinusoid(pos, self.dim)
        return self.out(torch.tanh(h))


Model = StreamingDecoder


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(2, 6, 8),), (torch.randn(2, 6, 8),), (torch.randn(2, 6, 8),)]
