# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class WeightTiedProjection(nn.Module):
    """Wraps an embedding so its table can be reused as the output projection."""

    def __init__(self, vocab: int = 11, dim: int = 8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.out_bias = nn.Parameter(torch.zeros(vocab))

    def __getattr__(self, name: str):
        if name == "weight":
            return self.embed.weight
        return super().__getattr__(name)

    def forward(self, h):
        return F.linear(h, self.weight, self.out_bias)


Model = WeightTiedProjection


def inputs():
    torch.manual_seed(2301)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
