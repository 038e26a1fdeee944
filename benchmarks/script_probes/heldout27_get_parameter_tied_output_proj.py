# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TiedLM(nn.Module):
    """Small language model whose output projection reuses the embedding by dotted parameter path."""

    def __init__(self, vocab: int = 12, dim: int = 6):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.tied_name = "embed.weight"

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        w = self.get_parameter(self.tied_name)
        return h @ w.t()


Model = TiedLM


def inputs():
    torch.manual_seed(2701)
    return [(torch.randint(0, 12, (2, 5)),), (torch.randint(0, 12, (3, 8)),)]
