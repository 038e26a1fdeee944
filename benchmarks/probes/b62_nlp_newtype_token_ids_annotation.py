# ruff: noqa  (a probe is written as users write models)
from typing import NewType

import torch
import torch.nn as nn
import torch.nn.functional as F

# Distinct names for the integer tensors flowing through the tokenizer / model boundary, so a
# type checker catches "passed attention mask where token ids were expected".
TokenIds = NewType("TokenIds", torch.Tensor)
AttentionMask = NewType("AttentionMask", torch.Tensor)


def masked_mean(h: torch.Tensor, mask: AttentionMask) -> torch.Tensor:
    m = mask.unsqueeze(-1).to(h.dtype)
    return (h * m).sum(1) / m.sum(1).clamp_min(1.0)


class Embeddings(nn.Module):
    def __init__(self, vocab: int, dim: int, max_len: int = 128):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim, padding_idx=0)
        self.pos = nn.Embedding(max_len, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, ids: TokenIds) -> torch.Tensor:
        pos = torch.arange(ids.shape[1], device=ids.device)
        return self.norm(self.tok(ids) + self.pos(pos))


class Model(nn.Module):
    """Sentence encoder: embeddings, one transformer layer, masked mean pooling."""

    def __init__(self, vocab: int = 100, dim: int = 32):
        super().__init__()
        self.emb = Embeddings(vocab, dim)
        self.layer = nn.TransformerEncoderLayer(dim, 4, 64, dropout=0.0, batch_first=True)
        self.proj = nn.Linear(dim, 16)

    def forward(self, ids: TokenIds, mask: AttentionMask) -> torch.Tensor:
        h = self.emb(ids)
        h = self.layer(h, src_key_padding_mask=mask == 0)
        return F.normalize(self.proj(masked_mean(h, mask)), dim=-1)


def _batch(b, t):
    ids = torch.randint(1, 100, (b, t))
    lens = torch.randint(t // 2, t + 1, (b,))
    lens[0] = t
    mask = (torch.arange(t)[None] < lens[:, None]).long()
    return ids * mask, mask


def inputs():
    torch.manual_seed(6207)
    return [_batch(2, 10), _batch(3, 14)]
