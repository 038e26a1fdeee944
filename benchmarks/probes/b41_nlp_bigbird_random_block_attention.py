# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


def bigbird_block_rand_mask(num_blocks: int, num_rand: int, rng: np.random.RandomState) -> np.ndarray:
    """For every middle query block pick `num_rand` random key blocks outside its window."""
    rand_attn = np.zeros((num_blocks, num_rand), dtype=np.int64)
    middle = np.arange(1, num_blocks - 1)
    for i in range(1, num_blocks - 1):
        candidates = middle[(middle < i - 1) | (middle > i + 1)]
        if candidates.size == 0:
            candidates = middle
        rand_attn[i] = rng.permutation(candidates)[:num_rand] if candidates.size >= num_rand else np.resize(candidates, num_rand)
    return rand_attn


class BigBirdBlockSparseAttention(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 2, block_size: int = 4, num_rand_blocks: int = 1, seed: int = 0):
        super().__init__()
        self.h, self.dh = heads, dim // heads
        self.block = block_size
        self.r = num_rand_blocks
        self.seed = seed
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def block_mask(self, n_blocks: int) -> torch.Tensor:
        rng = np.random.RandomState(self.seed)
        rand = bigbird_block_rand_mask(n_blocks, self.r, rng)
        allowed = np.zeros((n_blocks, n_blocks), dtype=bool)
        for i in range(n_blocks):
            allowed[i, max(i - 1, 0) : i + 2] = True  # sliding window
            allowed[i, rand[i]] = i not in (0, n_blocks - 1)
        allowed[0, :] = allowed[:, 0] = True  # global first block
        allowed[-1, :] = allowed[:, -1] = True  # global last block
        return torch.from_numpy(allowed)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        assert n % self.block == 0, "sequence length must be a multiple of block_size"
        nb = n // self.block
        q, k, v = self.qkv(x).view(b, n, 3, self.h, self.dh).permute(2, 0, 3, 1, 4)
        mask = self.block_mask(nb).repeat_interleave(self.block, 0).repeat_interleave(self.block, 1)
        att = (q @ k.transpose(-2, -1)) * self.dh ** -0.5
        att = att.masked_fill(~mask, float("-inf")).softmax(-1)
        return self.proj((att @ v).transpose(1, 2).reshape(b, n, d))


class BigBirdLayer(nn.Module):
    def __init__(self, dim: int = 16):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = BigBirdBlockSparseAttention(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


Model = BigBirdLayer


def inputs():
    torch.manual_seed(4124)
    return [(torch.randn(2, 24, 16),), (torch.randn(1, 36, 16),)]
