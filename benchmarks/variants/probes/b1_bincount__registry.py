import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, ids):
        counts = torch.bincount(ids)
        return counts.float() / ids.numel()


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, ids):
        return self.block(ids)


def inputs():
    return [(torch.tensor([0, 1, 1, 3]),), (torch.tensor([2, 2, 0, 1]),)]
