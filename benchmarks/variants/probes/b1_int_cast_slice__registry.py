import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x, lengths):
        longest = int(lengths.max())
        return x[:, :longest].sum(1)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x, lengths):
        return self.block(x, lengths)


def inputs():
    return [
        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
    ]
