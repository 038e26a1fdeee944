import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8, eos: int = 0):
        super().__init__()
        self.emb = tnn.Embedding(vocab, dim)
        self.head = tnn.Linear(dim, vocab)
        self.eos = eos

    def forward(self, tokens):
        h = self.emb(tokens).mean(1)
        out = []
        for _ in range(4):
            nxt = self.head(h).argmax(-1)
            out.append(nxt)
            if (nxt == self.eos).all():  # breaks: compile,export
                break
            h = h + self.emb(nxt)
        return T.stack(out, 1)


def inputs():
    return [(T.tensor([[1, 2], [3, 4]]),), (T.tensor([[5, 6], [7, 8], [9, 1]]),)]
