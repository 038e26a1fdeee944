import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, vocab: int = 12, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, tokens):
        h = self.norm(self.emb(tokens))
        table = self.emb.weight.data  # breaks: export
        return h @ table.t()


def inputs():
    return [(torch.randint(0, 12, (2, 5)),), (torch.randint(0, 12, (3, 7)),)]
