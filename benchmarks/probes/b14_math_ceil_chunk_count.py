import math

import torch
import torch.nn.functional as F
from torch import nn


class ChunkedEncoder(nn.Module):
    def __init__(self, dim: int = 8, chunk: int = 3):
        super().__init__()
        self.chunk = chunk
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)

    def forward(self, x):
        b, t, d = x.shape
        n_chunks = math.ceil(t / self.chunk)  # breaks: trace
        x = F.pad(x, (0, 0, 0, n_chunks * self.chunk - t))
        chunks = x.reshape(b * n_chunks, self.chunk, d)
        out, _ = self.attn(chunks, chunks, chunks, need_weights=False)
        return out.reshape(b, n_chunks * self.chunk, d)[:, :t]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = ChunkedEncoder()

    def forward(self, x):
        return self.enc(x)


def inputs():
    return [(torch.randn(2, 7, 8),), (torch.randn(2, 11, 8),)]
