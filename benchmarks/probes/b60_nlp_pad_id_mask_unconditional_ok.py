# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


def make_padding_mask(ids: torch.Tensor, pad_id: Optional[int]) -> Optional[torch.Tensor]:
    """Key-padding mask for nn.MultiheadAttention; None only when the tokenizer has no pad id
    (a configuration fact, not a property of the batch)."""
    if pad_id is None:
        return None
    return ids == pad_id


class EncoderLayer(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))
        self.n1, self.n2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, x: torch.Tensor, pad_mask: Optional[torch.Tensor]) -> torch.Tensor:
        h = self.n1(x)
        x = x + self.attn(h, h, h, key_padding_mask=pad_mask, need_weights=False)[0]
        return x + self.ff(self.n2(x))


class Model(nn.Module):
    """Sentence classifier with [CLS] pooling over a two-layer encoder."""

    def __init__(self, vocab: int = 120, dim: int = 32, heads: int = 4, classes: int = 5):
        super().__init__()
        self.pad_id: Optional[int] = 0
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.pos = nn.Parameter(torch.randn(64, dim) * 0.02)
        self.layers = nn.ModuleList([EncoderLayer(dim, heads) for _ in range(2)])
        self.cls = nn.Linear(dim, classes)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        pad_mask = make_padding_mask(ids, self.pad_id)
        x = self.embed(ids) + self.pos[: ids.shape[1]]
        for layer in self.layers:
            x = layer(x, pad_mask)
        return self.cls(x[:, 0])


def inputs():
    torch.manual_seed(6010)
    full = torch.randint(1, 120, (2, 12))
    padded = torch.randint(1, 120, (3, 20))
    padded[0, 14:] = 0
    padded[2, 9:] = 0
    return [(full,), (padded,)]
