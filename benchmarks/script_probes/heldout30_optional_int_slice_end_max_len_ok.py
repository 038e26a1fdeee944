# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


def truncate(tokens: Tensor, max_len: Optional[int] = None) -> Tensor:
    return tokens[:, :max_len]


class BagOfTokens(nn.Module):
    """Text classifier that truncates the sequence; None keeps every token."""

    def __init__(self, vocab: int = 20, dim: int = 6):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.fc = nn.Linear(dim, 2)

    def forward(self, tokens: Tensor, max_len: Optional[int] = None) -> Tensor:
        tokens = truncate(tokens, max_len)
        return self.fc(self.emb(tokens).mean(1))


Model = BagOfTokens


def inputs():
    torch.manual_seed(3016)
    return [(torch.randint(0, 20, (2, 7)),), (torch.randint(0, 20, (3, 9)), 4)]
