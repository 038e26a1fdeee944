import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, tokens):
        collapsed = torch.unique_consecutive(tokens)
        return self.emb(collapsed).mean(dim=0)


def inputs():
    return [
        (torch.tensor([1, 1, 2, 2, 2, 3]),),
        (torch.tensor([4, 5, 5, 6, 7, 7]),),
    ]
