import math

import torch
import torch.nn.functional as F
from torch import nn


class HashByteEmbedding(nn.Module):
    """Tokenizer-free input: raw UTF-8 bytes hashed into a few embedding tables."""

    PRIMES = (31, 43, 59)

    def __init__(self, dim: int = 12, buckets: int = 64):
        super().__init__()
        self.buckets = buckets
        self.tables = nn.ModuleList(
            nn.Embedding(buckets, dim // len(self.PRIMES)) for _ in self.PRIMES
        )

    def forward(self, byte_ids):
        parts = [
            table((byte_ids + 1) * p % self.buckets) for p, table in zip(self.PRIMES, self.tables)
        ]
        return torch.cat(parts, dim=-1)


class Downsample(nn.Module):
    def __init__(self, dim: int, rate: int = 4):
        super().__init__()
        self.rate = rate
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        seq_len = x.shape[1]
        target = math.ceil(seq_len / self.rate) * self.rate  # breaks: trace
        x = F.pad(x, (0, 0, 0, target - seq_len))
        b, _, d = x.shape
        x = x.view(b, target // self.rate, self.rate, d).mean(2)
        return self.proj(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = HashByteEmbedding()
        self.down = Downsample(12)
        self.encoder = nn.TransformerEncoderLayer(12, 2, 24, dropout=0.0, batch_first=True)

    def forward(self, byte_ids):
        return self.encoder(self.down(self.embed(byte_ids)))


def inputs():
    return [(torch.tensor([list(b"hello world!!")]),), (torch.tensor([list(b"byte level")]),)]
