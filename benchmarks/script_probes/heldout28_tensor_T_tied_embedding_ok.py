# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TiedLM(nn.Module):
    """Tiny language model whose output projection reuses the embedding matrix via .T."""

    def __init__(self, vocab: int = 11, dim: int = 6):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.GRU(dim, dim, batch_first=True)

    def forward(self, tokens):
        h, _ = self.mix(self.embed(tokens))
        return h @ self.embed.weight.T


Model = TiedLM


def inputs():
    torch.manual_seed(2823)
    return [(torch.randint(0, 11, (2, 5)),), (torch.randint(0, 11, (1, 3)),)]
