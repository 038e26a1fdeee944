import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, vocab: int = 16, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, ids):
        distinct = torch.unique(ids)
        return self.emb(distinct).mean(0)


def inputs():
    return [(torch.tensor([[1, 2, 2, 5]]),), (torch.tensor([[3, 3, 3, 3]]),)]
