import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.scale = int(dim**0.5)

    def forward(self, ids, weights):
        return model_forward(self, ids, weights)


def inputs():
    return [
        (torch.tensor([[1, 2, 0], [3, 4, 5]]), torch.rand(2, 3)),
        (torch.tensor([[0, 0, 1], [9, 8, 7], [5, 5, 5]]), torch.rand(3, 3)),
    ]
