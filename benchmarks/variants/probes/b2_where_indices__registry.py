import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, scores):
        rows, cols = torch.where(scores > 0.5)
        return scores[rows, cols].sum() + rows.float().sum()


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, scores):
        return self.block(scores)


def inputs():
    return [(torch.rand(3, 3),), (torch.rand(3, 3),)]
