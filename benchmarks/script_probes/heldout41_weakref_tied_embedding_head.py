# ruff: noqa  (a probe is written as users write models)
import weakref

import torch
import torch.nn as nn
from torch import Tensor


class TiedLMHead(nn.Module):
    """Output projection that reads the input embedding's weight through a weak reference."""

    def __init__(self, embedding: nn.Embedding):
        super().__init__()
        self._embedding = weakref.ref(embedding)
        self.bias = nn.Parameter(torch.zeros(embedding.num_embeddings))

    def forward(self, h: Tensor) -> Tensor:
        embedding = self._embedding()
        return h @ embedding.weight.t() + self.bias


class TinyLM(nn.Module):
    def __init__(self, vocab: int = 11, dim: int = 8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)
        self.head = TiedLMHead(self.embed)

    def forward(self, ids: Tensor) -> Tensor:
        h = torch.tanh(self.mix(self.embed(ids)))
        return self.head(h)


Model = TinyLM


def inputs():
    torch.manual_seed(4103)
    return [(torch.randint(0, 11, (2, 5)),), (torch.randint(0, 11, (1, 3)),)]
