# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class CharEmbed(nn.Module):
    def __init__(self, vocab: int = 128, dim: int = 4):
        super().__init__()
        self.vocab = vocab
        self.table = nn.Embedding(vocab, dim)

    def encode(self, word: str) -> List[int]:
        return [ord(c) % self.vocab for c in word]

    def forward(self, x: torch.Tensor, word: str) -> torch.Tensor:
        ids = torch.tensor(self.encode(word), dtype=torch.long)
        return x @ self.table(ids).mean(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = CharEmbed()

    def forward(self, x, word: str):
        return self.embed(x, word)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), "cat"), (torch.randn(3, 4), "zebra")]
