# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class TinyLM(nn.Module):
    """Language model that checks whether the output head shares storage with the embedding."""

    def __init__(self, vocab: int = 11, dim: int = 6):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, ids: Tensor) -> Tensor:
        h = torch.tanh(self.mix(self.embed(ids)))
        if self.head.weight.data_ptr() == self.embed.weight.data_ptr():
            h = h * self.embed.weight.shape[1] ** -0.5
        return F.log_softmax(self.head(h), dim=-1)


Model = TinyLM


def inputs():
    torch.manual_seed(2911)
    return [(torch.randint(0, 11, (2, 5)),), (torch.randint(0, 11, (1, 3)),)]
