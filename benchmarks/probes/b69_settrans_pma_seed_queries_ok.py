# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PMA(nn.Module):
    """Pooling by multihead attention (Set Transformer): learned seeds attend over the set,
    padded elements excluded with a key padding mask."""

    def __init__(self, dim: int, n_seeds: int, heads: int = 2):
        super().__init__()
        self.seeds = nn.Parameter(torch.randn(1, n_seeds, dim) * 0.1)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())

    def forward(self, x: torch.Tensor, pad: torch.Tensor) -> torch.Tensor:
        q = self.seeds.expand(x.size(0), -1, -1)
        h, _ = self.attn(q, x, x, key_padding_mask=pad, need_weights=False)
        return h + self.ff(h)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.embed = nn.Linear(3, dim)
        self.pool = PMA(dim, n_seeds=2)
        self.out = nn.Linear(2 * dim, 1)

    def forward(self, points: torch.Tensor, pad: torch.Tensor) -> torch.Tensor:
        pooled = self.pool(self.embed(points), pad)
        return self.out(pooled.flatten(1))


def inputs():
    torch.manual_seed(6930)
    pad_a = torch.tensor([[False] * 6, [False] * 4 + [True] * 2])
    pad_b = torch.tensor([[False] * 3 + [True] * 3, [False] * 6, [False] * 5 + [True]])
    return [(torch.randn(2, 6, 3), pad_a), (torch.randn(3, 6, 3), pad_b)]
