import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, tokens, counts):
        pieces = torch.split(tokens, counts.tolist())
        return torch.stack([p.mean(0) for p in pieces])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, tokens, counts):
        return self.inner(tokens, counts)


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([4, 1])),
    ]
