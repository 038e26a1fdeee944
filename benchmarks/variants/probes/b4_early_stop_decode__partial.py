import functools
import torch
from torch import nn


def model_forward(self, tokens):
    h = self.emb(tokens).mean(1)
    out = []
    for _ in range(4):
        nxt = self.head(h).argmax(-1)
        out.append(nxt)
        if (nxt == self.eos).all():  # breaks: compile,export
            break
        h = h + self.emb(nxt)
    return torch.stack(out, 1)


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8, eos: int = 0):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)
        self.eos = eos

    def forward(self, tokens):
        run = functools.partial(model_forward, self)
        return run(tokens)


def inputs():
    return [(torch.tensor([[1, 2], [3, 4]]),), (torch.tensor([[5, 6], [7, 8], [9, 1]]),)]
