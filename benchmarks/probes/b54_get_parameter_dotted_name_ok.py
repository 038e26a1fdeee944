# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TiedProjectionLM(nn.Module):
    """NLP: the output projection reuses the embedding matrix, fetched by its dotted name with get_parameter."""

    def __init__(self, vocab: int = 13, d: int = 8):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.mix = nn.Linear(d, d)

    def forward(self, ids):
        h = torch.tanh(self.mix(self.embed(ids)))
        w = self.get_parameter("embed.weight")
        return h @ w.t()


Model = TiedProjectionLM


def inputs():
    torch.manual_seed(5423)
    return [(torch.randint(0, 13, (2, 5)),), (torch.randint(0, 13, (3, 7)),)]
