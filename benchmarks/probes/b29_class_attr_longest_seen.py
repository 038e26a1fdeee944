import torch
from torch import nn


class LengthStats:
    longest_seen = 0


class Model(nn.Module, LengthStats):
    def __init__(self, vocab=20, dim=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, tokens):
        cls = type(self)
        cls.longest_seen = max(cls.longest_seen, tokens.shape[1])
        h = self.emb(tokens).mean(1)
        return self.out(h)


def inputs():
    torch.manual_seed(7)
    return [(torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (3, 9)),)]
