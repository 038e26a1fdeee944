import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, tokens, counts):
        pieces = torch.split(tokens, counts.tolist())
        return torch.stack([p.mean(0) for p in pieces])


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, tokens, counts):
        return self.block(tokens, counts)


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([4, 1])),
    ]
