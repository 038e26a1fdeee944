from collections import Counter

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 4):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, ids):
        freq = Counter(ids.flatten().tolist())  # breaks: compile,export,trace
        weights = torch.tensor([1.0 / freq[t] for t in ids.flatten().tolist()])
        return (self.emb(ids.flatten()) * weights[:, None]).sum(0)


def inputs():
    return [(torch.tensor([[1, 2, 2, 3]]),), (torch.tensor([[4, 4, 4, 5]]),)]
