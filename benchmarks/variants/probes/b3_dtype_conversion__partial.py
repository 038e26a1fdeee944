import functools
import torch
from torch import nn


def model_forward(self, ids, weights):
    h = self.emb(ids.long()) * self.scale
    w = weights.to(torch.float32).unsqueeze(-1)
    out = (h * w).sum(1)
    return out.half().float(), ids.bool().sum(-1).int()


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.scale = int(dim**0.5)

    def forward(self, ids, weights):
        run = functools.partial(model_forward, self)
        return run(ids, weights)


def inputs():
    return [
        (torch.tensor([[1, 2, 0], [3, 4, 5]]), torch.rand(2, 3)),
        (torch.tensor([[0, 0, 1], [9, 8, 7], [5, 5, 5]]), torch.rand(3, 3)),
    ]
