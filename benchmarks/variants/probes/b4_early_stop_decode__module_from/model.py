import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8, eos: int = 0):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)
        self.eos = eos

    def forward(self, tokens):
        return model_forward(self, tokens)


def inputs():
    return [(torch.tensor([[1, 2], [3, 4]]),), (torch.tensor([[5, 6], [7, 8], [9, 1]]),)]
