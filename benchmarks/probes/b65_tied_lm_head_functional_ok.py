# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Tiny language model whose output projection reuses the embedding matrix (weight
    tying through F.linear)."""

    def __init__(self, vocab: int = 11, d: int = 6):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.mix = nn.Linear(d, d)
        self.bias = nn.Parameter(torch.zeros(vocab))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        h = torch.tanh(self.mix(self.embed(ids)))
        return F.linear(h, self.embed.weight, self.bias)


def inputs():
    torch.manual_seed(6529)
    return [(torch.randint(0, 11, (2, 5)),), (torch.randint(0, 11, (3, 4)),)]
