# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class TokenEmbedding(nn.Module):
    def __init__(self, vocab_size: int = 32, dim: int = 8, pad_id: int = 0):
        super().__init__()
        self.vocab_size = vocab_size
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=pad_id)

    def sanitize(self, ids: torch.Tensor) -> torch.Tensor:
        limit = min(self.vocab_size - 1, torch.iinfo(ids.dtype).max)
        ids = ids.clamp(0, limit)
        return ids.masked_fill(ids < 0, self.pad_id)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.embed(self.sanitize(ids))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = TokenEmbedding()
        self.proj = nn.Linear(8, 8)

    def forward(self, ids):
        return self.proj(self.tok(ids)).sum(1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randint(-3, 40, (2, 5)),), (torch.randint(0, 50, (4, 9)),)]
