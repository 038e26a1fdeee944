# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import Tuple

PAD, CLS, SEP, MASK = 0, 1, 2, 3
SPECIAL_IDS = (PAD, CLS, SEP)


def special_tokens_mask(input_ids: Tensor, special_ids: Tuple[int, int, int]) -> Tensor:
    """True where a token is a special (non-content) token."""
    mask = torch.zeros_like(input_ids, dtype=torch.bool)
    for sid in special_ids:
        mask = mask | (input_ids == sid)
    return mask


class TokenPooler(nn.Module):
    def __init__(self, special_ids: Tuple[int, int, int] = SPECIAL_IDS):
        super().__init__()
        self.special_ids = special_ids

    def forward(self, hidden: Tensor, input_ids: Tensor) -> Tensor:
        keep = (~special_tokens_mask(input_ids, self.special_ids)).unsqueeze(-1).float()
        return (hidden * keep).sum(1) / keep.sum(1).clamp(min=1.0)


class EncoderLayer(nn.Module):
    def __init__(self, d: int = 16, heads: int = 2):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.n1 = nn.LayerNorm(d)
        self.n2 = nn.LayerNorm(d)

    def forward(self, x: Tensor, pad_mask: Tensor) -> Tensor:
        a, _ = self.attn(x, x, x, key_padding_mask=pad_mask, need_weights=False)
        x = self.n1(x + a)
        return self.n2(x + self.ff(x))


class SentenceEncoder(nn.Module):
    def __init__(self, vocab: int = 50, d: int = 16, max_len: int = 32):
        super().__init__()
        self.pad_id = PAD
        self.tok = nn.Embedding(vocab, d, padding_idx=PAD)
        self.pos = nn.Embedding(max_len, d)
        self.layer = EncoderLayer(d)
        self.pool = TokenPooler()

    def forward(self, input_ids: Tensor) -> Tensor:
        pos = torch.arange(input_ids.size(1), device=input_ids.device)
        x = self.tok(input_ids) + self.pos(pos)
        x = self.layer(x, input_ids == self.pad_id)
        return self.pool(x, input_ids)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = SentenceEncoder()

    def forward(self, input_ids):
        return self.enc(input_ids)


def _batch(b, t):
    ids = torch.randint(4, 50, (b, t))
    ids[:, 0] = CLS
    ids[:, -1] = SEP
    ids[0, -3:] = PAD
    return ids


def inputs():
    torch.manual_seed(5308)
    return [(_batch(2, 9),), (_batch(3, 14),)]
