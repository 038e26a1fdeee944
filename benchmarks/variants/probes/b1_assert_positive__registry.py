import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, probs):
        assert (probs >= 0).all(), "probabilities must be non-negative"
        return probs / probs.sum(-1, keepdim=True)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, probs):
        return self.block(probs)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
